package dev.wick.checks;

import static org.apache.spark.sql.functions.not;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wick.core.WickException;
import dev.wick.core.spark.UnsupportedPatternException;
import dev.wick.core.spark.WholeMatch;
import java.util.List;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.apache.spark.sql.types.StringType;

/**
 * At least {@code minFraction} of {@code field}'s non-null values match {@code pattern} entirely.
 *
 * @param field the field path of a string field
 * @param pattern a Java regular expression
 * @param minFraction the smallest share of matching values, 0 to 1
 */
public record RegexCheck(String field, String pattern, double minFraction) implements Check.Rule {
  @Override
  public String describe() {
    return "regex(" + field + ")";
  }

  static final CheckKind<RegexCheck> KIND =
      new CheckKind<>(RegexCheck.class, "regex", List.of("field", "pattern", "minFraction")) {
        @Override
        Check.Rule parse(ChecksFile.Fields f) {
          String field = f.field();
          String pattern = f.text("pattern", "a regular expression such as [A-Z]{2}");
          try {
            Pattern.compile(pattern);
          } catch (PatternSyntaxException e) {
            throw WickException.usage(
                f.here()
                    + ": pattern '"
                    + pattern
                    + "' is not a regular expression ("
                    + e.getDescription()
                    + " at index "
                    + e.getIndex()
                    + "); fix the pattern.");
          } catch (StackOverflowError e) {
            throw WickException.usage(
                f.here() + ": pattern '" + pattern + "' is nested too deep to read; simplify it.");
          }
          try {
            WholeMatch.of(pattern);
          } catch (UnsupportedPatternException e) {
            throw WickException.usage(f.here() + ": " + e.getMessage());
          }
          return new RegexCheck(field, pattern, f.fraction("minFraction", 1.0));
        }

        @Override
        void write(RegexCheck r, ObjectNode o) {
          ChecksFile.fraction(
              o.put("field", r.field()).put("pattern", r.pattern()), r.minFraction());
        }

        @Override
        Planned plan(Check check, RegexCheck r, Planning p) {
          Resolved f = p.field(check, r.field());
          if (!(f.type() instanceof StringType)) {
            throw Resolved.typeError(check, r.field(), f.type(), "a string");
          }
          // The whole value: \A(?:p)\z, never ^ and $, which would pass "t1\n" for t[0-9]+.
          WholeMatch whole;
          try {
            whole = WholeMatch.of(r.pattern());
          } catch (UnsupportedPatternException e) {
            throw WickException.usage("Check '" + check.name() + "': " + e.getMessage(), e);
          }
          return p.share(
              check,
              f,
              v -> v.isNotNull().and(not(whole.column(v))),
              r.minFraction(),
              "do not match " + r.pattern(),
              "does not match " + r.pattern());
        }
      };
}
