package dev.wick.checks;

import static dev.wick.checks.Messages.bounds;
import static dev.wick.checks.Messages.d;
import static dev.wick.checks.Messages.result;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wick.core.WickException;
import dev.wick.core.report.Wording;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The number of rows is within bounds.
 *
 * @param min the fewest rows allowed
 * @param max the most rows allowed
 */
public record RowCountCheck(OptionalLong min, OptionalLong max) implements Check.Rule {
  public RowCountCheck {
    Objects.requireNonNull(min, "min");
    Objects.requireNonNull(max, "max");
  }

  @Override
  public String describe() {
    return "rowCount";
  }

  /** Reads every rowCount entry: with minRatio or maxRatio, a {@link RowCountRatioCheck}. */
  static final CheckKind<RowCountCheck> KIND =
      new CheckKind<>(RowCountCheck.class, "rowCount", List.of("min", "max")) {
        @Override
        Check.Rule parse(ChecksFile.Fields f) {
          boolean absolute = f.has("min") || f.has("max");
          boolean relative = f.has("minRatio") || f.has("maxRatio");
          if (absolute && relative) {
            throw WickException.usage(
                f.here()
                    + " mixes min or max with minRatio or maxRatio; write two rowCount checks.");
          }
          if (!absolute && !relative) {
            throw WickException.usage(
                f.here()
                    + " has no bound; give min or max (rows), or minRatio or maxRatio (of the"
                    + " baseline's rows).");
          }
          if (relative) {
            return RowCountRatioCheck.KIND.parse(f);
          }
          RowCountCheck r = new RowCountCheck(f.count("min"), f.count("max"));
          f.ordered(d(r.min()), d(r.max()));
          return r;
        }

        @Override
        void write(RowCountCheck r, ObjectNode o) {
          r.min().ifPresent(v -> o.put("min", v));
          r.max().ifPresent(v -> o.put("max", v));
        }

        @Override
        Planned plan(Check check, RowCountCheck r, Planning p) {
          return new Planned(
              check, a -> judge(check, p.rows(), r.min(), r.max(), ""), Optional.empty());
        }
      };

  /** The result of a row count of {@code rows} against bounds, {@code of} what they derive from. */
  static CheckResult judge(Check check, long rows, OptionalLong min, OptionalLong max, String of) {
    boolean ok =
        (min.isEmpty() || rows >= min.getAsLong()) && (max.isEmpty() || rows <= max.getAsLong());
    String bound = bounds(d(min), d(max));
    return result(
        check,
        ok,
        rows,
        bound + of,
        OptionalLong.empty(),
        check.name()
            + ": the input has "
            + Wording.count(rows, "row")
            + "; it must have "
            + bound
            + of
            + ".");
  }
}
