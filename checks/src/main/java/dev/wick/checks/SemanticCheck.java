package dev.wick.checks;

import static org.apache.spark.sql.functions.coalesce;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.not;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wick.core.WickException;
import dev.wick.core.schema.FieldPath;
import dev.wick.core.schema.SemanticSpec;
import dev.wick.core.validation.SemanticType;
import dev.wick.core.validation.SemanticTypes;
import java.util.List;
import java.util.function.Function;
import org.apache.spark.sql.Column;

/**
 * At least {@code minFraction} of {@code field}'s non-null values are valid for a semantic type of
 * core's registry ({@code country_code}, {@code email}, {@code range(min=0, max=1)}, ...).
 *
 * @param field the field path
 * @param type the semantic type, as written in schemas
 * @param minFraction the smallest share of valid values, 0 to 1
 */
public record SemanticCheck(String field, String type, double minFraction) implements Check.Rule {
  @Override
  public String describe() {
    return "semantic(" + field + ")";
  }

  static final CheckKind<SemanticCheck> KIND =
      new CheckKind<>(SemanticCheck.class, "semantic", List.of("field", "type", "minFraction")) {
        @Override
        Check.Rule parse(ChecksFile.Fields f) {
          String field = f.field();
          String type = f.text("type", "a semantic type such as country_code");
          try {
            SemanticTypes.create(SemanticSpec.parse(type), field);
          } catch (IllegalArgumentException e) {
            throw WickException.usage(
                f.here() + ": type " + e.getMessage() + "; fix the semantic type.");
          } catch (WickException e) {
            throw WickException.usage(f.here() + ": " + e.getMessage(), e);
          }
          return new SemanticCheck(field, type, f.fraction("minFraction", 1.0));
        }

        @Override
        void write(SemanticCheck r, ObjectNode o) {
          ChecksFile.fraction(o.put("field", r.field()).put("type", r.type()), r.minFraction());
        }

        @Override
        Planned plan(Check check, SemanticCheck r, Planning p) {
          Resolved f = p.field(check, r.field());
          Judge judge = judge(check, r, p);
          Function<Column, Column> bad =
              v -> v.isNotNull().and(not(coalesce(judge.valid(v), lit(false))));
          // A row's reason is the one wick validate gives the value, from the type itself.
          return p.share(
                  check,
                  f,
                  bad,
                  r.minFraction(),
                  "are not a valid " + r.type(),
                  "is not a valid " + r.type())
              .withReason(judge.reason(f.failingValue(bad)));
        }
      };

  /** A semantic type bound to a field's storage: its Catalyst test and reason of one value. */
  private record Judge(SemanticType type, dev.wick.core.schema.DataType storage) {
    Column valid(Column v) {
      return type.validWhen(v, storage).orElseThrow();
    }

    Column reason(Column v) {
      return type.invalidReason(v, storage);
    }
  }

  /** The semantic type's Catalyst test of one value; fails here when it has none. */
  private static Judge judge(Check check, SemanticCheck r, Planning p) {
    dev.wick.core.schema.DataType storage = p.model().resolve(FieldPath.parse(r.field())).type();
    SemanticType type;
    try {
      type = SemanticTypes.resolve(SemanticSpec.parse(r.type()), storage, r.field());
    } catch (IllegalArgumentException e) {
      throw WickException.usage(
          "Check '" + check.name() + "': type " + e.getMessage() + "; fix the semantic type.");
    } catch (WickException e) {
      throw WickException.usage("Check '" + check.name() + "': " + e.getMessage(), e);
    }
    if (type.validWhen(lit("probe"), storage).isEmpty()) {
      throw WickException.usage(
          "Check '"
              + check.name()
              + "' uses the semantic type "
              + r.type()
              + ", which has no Spark expression to count in one pass; validate it"
              + " with a schema instead, or give a regex check.");
    }
    return new Judge(type, storage);
  }
}
