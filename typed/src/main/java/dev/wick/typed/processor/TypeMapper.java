package dev.wick.typed.processor;

import java.util.List;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;

/**
 * Maps component types to the typed API's column classes, with the nullability rules of {@code
 * dev.wick.core.schema.Schemas#fromRecord}: primitives are non-null; boxed primitives, {@code
 * Optional}s and anything annotated {@code @Nullable} are nullable; other types are non-null.
 */
final class TypeMapper {
  private static final String API = ComponentType.API;

  /** A component the typed API cannot express; the message says why and what to use instead. */
  static final class Unsupported extends Exception {
    private static final long serialVersionUID = 1L;

    Unsupported(String message) {
      super(message);
    }
  }

  private TypeMapper() {}

  static ComponentType map(TypeMirror type, List<? extends AnnotationMirror> declared, String path)
      throws Unsupported {
    boolean annotated = isNullable(declared) || isNullable(type.getAnnotationMirrors());
    switch (type.getKind()) {
      case BOOLEAN:
        return simple("Boolean", "BoolCol", "BOOLEAN", false);
      case INT:
        return simple("Integer", "IntCol", "INT", false);
      case LONG:
        return simple("Long", "LongCol", "LONG", false);
      case FLOAT:
        return simple("Float", "FloatCol", "FLOAT", false);
      case DOUBLE:
        return simple("Double", "DoubleCol", "DOUBLE", false);
      case SHORT:
      case BYTE:
      case CHAR:
        throw new Unsupported(
            "component '"
                + path
                + "' is a "
                + type.getKind().toString().toLowerCase(java.util.Locale.ROOT)
                + ", which Spark stores as an int; declare it int");
      case ARRAY:
        TypeMirror element = ((ArrayType) type).getComponentType();
        if (element.getKind() == TypeKind.BYTE) {
          return new ComponentType("byte[]", API + "BinaryCol", API + "Makers.BINARY", annotated);
        }
        String boxed =
            switch (element.getKind()) {
              case INT -> "Integer";
              case LONG -> "Long";
              case DOUBLE -> "Double";
              case FLOAT -> "Float";
              case BOOLEAN -> "Boolean";
              case SHORT -> "Short";
              case CHAR -> "Character";
              default -> element.toString();
            };
        throw new Unsupported(
            "component '" + path + "' is an array; declare it java.util.List<" + boxed + ">");
      case DECLARED:
        return declared((DeclaredType) type, annotated, path);
      default:
        throw new Unsupported(
            "component '" + path + "' has the type " + type + ", which the typed API cannot hold");
    }
  }

  private static ComponentType declared(DeclaredType type, boolean annotated, String path)
      throws Unsupported {
    TypeElement element = (TypeElement) type.asElement();
    String name = element.getQualifiedName().toString();
    List<? extends TypeMirror> args = type.getTypeArguments();
    switch (name) {
      case "java.lang.Boolean":
        return simple("Boolean", "BoolCol", "BOOLEAN", true);
      case "java.lang.Integer":
        return simple("Integer", "IntCol", "INT", true);
      case "java.lang.Long":
        return simple("Long", "LongCol", "LONG", true);
      case "java.lang.Float":
        return simple("Float", "FloatCol", "FLOAT", true);
      case "java.lang.Double":
        return simple("Double", "DoubleCol", "DOUBLE", true);
      case "java.lang.String":
        return new ComponentType(name, API + "StrCol", API + "Makers.STRING", annotated);
      case "java.math.BigDecimal":
        return new ComponentType(name, API + "DecimalCol", API + "Makers.DECIMAL", annotated);
      case "java.time.LocalDate":
        return new ComponentType(name, API + "DateCol", API + "Makers.DATE", annotated);
      case "java.time.Instant":
        return new ComponentType(
            name, API + "TimestampCol<" + name + ">", API + "Makers.INSTANT", annotated);
      case "java.time.LocalDateTime":
        return new ComponentType(
            name, API + "TimestampCol<" + name + ">", API + "Makers.LOCAL_DATE_TIME", annotated);
      case "java.util.Optional":
        return map(args.get(0), List.of(), path).withNullable(true);
      case "java.util.List":
        {
          ComponentType e = map(args.get(0), List.of(), path + "[]");
          return new ComponentType(
              "java.util.List<" + e.valueType() + ">",
              API + "ArrayCol<" + e.valueType() + ", " + e.exprType() + ">",
              API + "Makers.array(" + e.exprMaker() + ")",
              annotated);
        }
      case "java.util.Map":
        {
          ComponentType k = map(args.get(0), List.of(), path + "{key}");
          if (k.nullable()) {
            throw new Unsupported(
                "component '" + path + "' has nullable map keys, which Spark does not allow");
          }
          ComponentType v = map(args.get(1), List.of(), path + "{}");
          return new ComponentType(
              "java.util.Map<" + k.valueType() + ", " + v.valueType() + ">",
              API + "MapCol<" + k.valueType() + ", " + v.valueType() + ", " + v.exprType() + ">",
              API + "Makers.map(" + v.exprMaker() + ")",
              annotated);
        }
      default:
        break;
    }
    if (element.getKind() == ElementKind.ENUM) {
      return new ComponentType(
          name,
          API + "EnumCol<" + name + ">",
          API + "Makers.enumOf(" + name + ".class)",
          annotated);
    }
    if (element.getKind() == ElementKind.RECORD) {
      if (!WickProcessor.isAnnotated(element)) {
        throw new Unsupported(
            "component '"
                + path
                + "' is the record "
                + name
                + ", which has no metamodel; annotate "
                + element.getSimpleName()
                + " with @WickRecord");
      }
      String meta = WickProcessor.metamodelName(element);
      return new ComponentType(
          name,
          API + "StructCol<" + name + ", " + meta + ">",
          API + "Makers.struct(" + meta + ".META)",
          annotated);
    }
    if (name.startsWith("java.util.") && !args.isEmpty()) {
      throw new Unsupported(
          "component '" + path + "' is a " + name + "; declare it java.util.List or java.util.Map");
    }
    throw new Unsupported(
        "component '"
            + path
            + "' has the type "
            + name
            + ", which the typed API cannot hold; use a boolean, number, String, BigDecimal,"
            + " LocalDate, Instant, LocalDateTime, byte[], enum, List, Map or @WickRecord record");
  }

  private static ComponentType simple(String boxed, String column, String maker, boolean nullable) {
    return new ComponentType("java.lang." + boxed, API + column, API + "Makers." + maker, nullable);
  }

  static boolean isNullable(List<? extends AnnotationMirror> annotations) {
    for (AnnotationMirror a : annotations) {
      if (a.getAnnotationType().asElement().getSimpleName().contentEquals("Nullable")) {
        return true;
      }
    }
    return false;
  }
}
