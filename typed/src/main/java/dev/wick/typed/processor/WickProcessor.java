package dev.wick.typed.processor;

import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.RecordComponentElement;
import javax.lang.model.element.TypeElement;
import javax.tools.Diagnostic;

/**
 * Generates the metamodel of every record annotated {@code @WickTable} or {@code @WickRecord}: a
 * class {@code R_} next to the record with typed column accessors, a nullable view ({@code
 * R_.Nullable}), projection and aggregation factories ({@code R_.of(...)}) and the {@code META}
 * constant that {@code dev.wick.typed.Typed} loads data with.
 *
 * <p>Registered in {@code META-INF/services/javax.annotation.processing.Processor}, so {@code
 * javac} (and Maven's compiler plugin, and IDEs that run annotation processors) pick it up from the
 * classpath with no configuration.
 */
public final class WickProcessor extends AbstractProcessor {
  static final String TABLE = "dev.wick.typed.WickTable";
  static final String RECORD = "dev.wick.typed.WickRecord";

  @Override
  public Set<String> getSupportedAnnotationTypes() {
    return Set.of(TABLE, RECORD);
  }

  @Override
  public SourceVersion getSupportedSourceVersion() {
    return SourceVersion.latestSupported();
  }

  @Override
  public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
    Set<Element> targets = new LinkedHashSet<>();
    for (TypeElement annotation : annotations) {
      targets.addAll(round.getElementsAnnotatedWith(annotation));
    }
    for (Element e : targets) {
      generate(e);
    }
    return true;
  }

  private void generate(Element e) {
    if (e.getKind() != ElementKind.RECORD) {
      error(e, e.getSimpleName() + " is not a record; @WickTable and @WickRecord go on records");
      return;
    }
    TypeElement record = (TypeElement) e;
    if (!record.getTypeParameters().isEmpty()) {
      error(e, "record " + record.getSimpleName() + " is generic; typed rows need a plain record");
      return;
    }
    if (!accessible(record)) {
      error(
          e, "record " + record.getSimpleName() + " is private; make it package-private or public");
      return;
    }
    if (record.getRecordComponents().isEmpty()) {
      error(e, "record " + record.getSimpleName() + " has no components, so it has no columns");
      return;
    }
    List<MetamodelWriter.Component> components = new ArrayList<>();
    boolean ok = true;
    for (RecordComponentElement c : record.getRecordComponents()) {
      String name = c.getSimpleName().toString();
      try {
        ComponentType type = TypeMapper.map(c.asType(), c.getAnnotationMirrors(), name);
        components.add(new MetamodelWriter.Component(name, type));
      } catch (TypeMapper.Unsupported u) {
        error(c, "Wick cannot type " + record.getSimpleName() + ": " + u.getMessage());
        ok = false;
      }
    }
    if (!ok) {
      return;
    }
    String pkg = processingEnv.getElementUtils().getPackageOf(record).getQualifiedName().toString();
    String simple = metamodelName(record);
    String source =
        new MetamodelWriter(
                pkg,
                simple,
                record.getQualifiedName().toString(),
                tableName(record),
                isPublic(record),
                components)
            .write();
    String qualified = pkg.isEmpty() ? simple : pkg + "." + simple;
    try (Writer w = processingEnv.getFiler().createSourceFile(qualified, record).openWriter()) {
      w.write(source);
    } catch (IOException ex) {
      error(e, "cannot write the metamodel " + qualified + ": " + ex.getMessage());
    }
  }

  /** The metamodel class's simple name: {@code AdEvent_}, or {@code Outer_Inner_} when nested. */
  static String metamodelName(TypeElement record) {
    StringBuilder name = new StringBuilder(record.getSimpleName());
    Element outer = record.getEnclosingElement();
    while (outer instanceof TypeElement t) {
      name.insert(0, t.getSimpleName() + "_");
      outer = t.getEnclosingElement();
    }
    return name.append('_').toString();
  }

  static boolean isAnnotated(TypeElement type) {
    for (AnnotationMirror a : type.getAnnotationMirrors()) {
      String name = a.getAnnotationType().toString();
      if (name.equals(TABLE) || name.equals(RECORD)) {
        return true;
      }
    }
    return false;
  }

  private static String tableName(TypeElement record) {
    for (AnnotationMirror a : record.getAnnotationMirrors()) {
      if (a.getAnnotationType().toString().equals(TABLE)) {
        for (var entry : a.getElementValues().entrySet()) {
          if (entry.getKey().getSimpleName().contentEquals("value")) {
            return (String) entry.getValue().getValue();
          }
        }
      }
    }
    return null;
  }

  private static boolean accessible(TypeElement type) {
    Element e = type;
    while (e instanceof TypeElement t) {
      if (t.getModifiers().contains(Modifier.PRIVATE)) {
        return false;
      }
      e = t.getEnclosingElement();
    }
    return true;
  }

  private static boolean isPublic(TypeElement type) {
    Element e = type;
    while (e instanceof TypeElement t) {
      if (!t.getModifiers().contains(Modifier.PUBLIC)) {
        return false;
      }
      e = t.getEnclosingElement();
    }
    return true;
  }

  private void error(Element where, String message) {
    processingEnv.getMessager().printMessage(Diagnostic.Kind.ERROR, message, where);
  }
}
