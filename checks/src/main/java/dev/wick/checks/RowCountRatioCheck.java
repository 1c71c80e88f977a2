package dev.wick.checks;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * The number of rows is within bounds relative to a baseline profile's row count.
 *
 * @param minRatio the fewest rows allowed, as a multiple of the baseline's
 * @param maxRatio the most rows allowed, as a multiple of the baseline's
 */
public record RowCountRatioCheck(OptionalDouble minRatio, OptionalDouble maxRatio)
    implements Check.Rule {
  public RowCountRatioCheck {
    Objects.requireNonNull(minRatio, "minRatio");
    Objects.requireNonNull(maxRatio, "maxRatio");
  }

  @Override
  public String describe() {
    return "rowCount";
  }

  /** A rowCount entry with minRatio or maxRatio, which {@link RowCountCheck}'s kind reads. */
  static final CheckKind<RowCountRatioCheck> KIND =
      new CheckKind<>(RowCountRatioCheck.class, "rowCount", List.of("minRatio", "maxRatio")) {
        @Override
        Check.Rule parse(ChecksFile.Fields f) {
          RowCountRatioCheck r = new RowCountRatioCheck(f.ratio("minRatio"), f.ratio("maxRatio"));
          f.ordered(r.minRatio(), r.maxRatio());
          return r;
        }

        @Override
        void write(RowCountRatioCheck r, ObjectNode o) {
          r.minRatio().ifPresent(v -> o.put("minRatio", v));
          r.maxRatio().ifPresent(v -> o.put("maxRatio", v));
        }

        @Override
        Planned plan(Check check, RowCountRatioCheck r, Planning p) {
          long base = p.baselineRows(check);
          OptionalLong lo =
              r.minRatio().isPresent()
                  ? OptionalLong.of((long) Math.ceil(base * r.minRatio().getAsDouble()))
                  : OptionalLong.empty();
          OptionalLong hi =
              r.maxRatio().isPresent()
                  ? OptionalLong.of((long) Math.floor(base * r.maxRatio().getAsDouble()))
                  : OptionalLong.empty();
          String of =
              " (" + ratios(r.minRatio(), r.maxRatio()) + " of the baseline's " + base + ")";
          return new Planned(
              check, a -> RowCountCheck.judge(check, p.rows(), lo, hi, of), Optional.empty());
        }
      };

  /** {@code 0.9 to 1.1}, or the one ratio given. */
  private static String ratios(OptionalDouble min, OptionalDouble max) {
    if (min.isPresent() && max.isPresent()) {
      return Numbers.text(min.getAsDouble()) + " to " + Numbers.text(max.getAsDouble());
    }
    return Numbers.text(min.isPresent() ? min.getAsDouble() : max.getAsDouble());
  }
}
