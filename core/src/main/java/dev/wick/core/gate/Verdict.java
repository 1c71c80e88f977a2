package dev.wick.core.gate;

import dev.wick.core.report.Wording;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What a gated run concluded, in one value that every report and console line renders: whether it
 * passed, failed or judged nothing, one sentence saying why, the key numbers, and every rule it
 * judged with the measured value against its limit, failures first.
 *
 * <p>A run that had no threshold to judge against, or whose input had no rows, is {@link
 * Outcome#NOT_JUDGED}: nothing it measured was held to a limit, so it neither passed nor failed.
 *
 * @param command what judged ({@code diff}, {@code check}, {@code validate}, {@code drift}, {@code
 *     anomalies})
 * @param subject what was judged, in words (a path, or the two sides of a diff)
 * @param outcome passed, failed or not judged
 * @param headline one sentence saying why
 * @param figures the key numbers of the run, in the order a reader wants them
 * @param judgements every rule judged: failed first, then warned, then passed
 */
public record Verdict(
    String command,
    String subject,
    Outcome outcome,
    String headline,
    List<Figure> figures,
    List<Judgement> judgements) {

  public Verdict {
    Objects.requireNonNull(command, "command");
    Objects.requireNonNull(subject, "subject");
    Objects.requireNonNull(outcome, "outcome");
    Objects.requireNonNull(headline, "headline");
    figures = List.copyOf(figures);
    judgements = judgements.stream().sorted(Comparator.comparing(Verdict::order)).toList();
  }

  /** How a run ended. */
  public enum Outcome {
    /** Every rule held. */
    PASSED("PASSED"),
    /** Some rule broke. */
    FAILED("FAILED"),
    /** Nothing was held to a limit: no threshold was set, or an input had no rows. */
    NOT_JUDGED("NOT JUDGED");

    private final String word;

    Outcome(String word) {
      this.word = word;
    }

    /** The outcome as the banner of a report prints it: {@code PASSED}, {@code NOT JUDGED}. */
    public String word() {
      return word;
    }
  }

  /**
   * One key number of a run, as text ({@code keys compared} / {@code 500}).
   *
   * @param label what the number is
   * @param value the number in words, formatted by {@link Wording}
   */
  public record Figure(String label, String value) {
    public Figure {
      Objects.requireNonNull(label, "label");
      Objects.requireNonNull(value, "value");
    }

    /** A count, with thousands separated. */
    public static Figure count(String label, long n) {
      return new Figure(label, Wording.count(n));
    }
  }

  /**
   * The verdict of {@code gate}: failed when a rule broke, not judged when an input had no rows
   * (then the headline is why), passed otherwise.
   *
   * @param noun what a rule is called in the headline ({@code rule}, {@code check})
   */
  public static Verdict of(
      String command, String subject, GateResult gate, String noun, List<Figure> figures) {
    return of(command, subject, gate, noun, figures, List.of());
  }

  /**
   * {@link #of(String, String, GateResult, String, List)} with {@code more} rules judged beside the
   * gate's own (a diff's fields, a validation's rules), which count in the headline as the gate's
   * do. A failed one among them fails the verdict only with the gate: they say where a failure is.
   */
  public static Verdict of(
      String command,
      String subject,
      GateResult gate,
      String noun,
      List<Figure> figures,
      List<Judgement> more) {
    List<Judgement> all = new ArrayList<>(gate.judgements());
    all.addAll(more);
    Optional<Violation> input =
        gate.violations().stream().filter(v -> v.kind().isInputError()).findFirst();
    if (input.isPresent()) {
      return new Verdict(command, subject, Outcome.NOT_JUDGED, input.get().message(), figures, all);
    }
    long failed = all.stream().filter(j -> j.status() == Judgement.Status.FAILED).count();
    long warned = all.stream().filter(j -> j.status() == Judgement.Status.WARNED).count();
    String warnings = warned == 0 ? "" : "; " + Wording.count(warned) + " only warned";
    if (!gate.passes()) {
      return new Verdict(
          command,
          subject,
          Outcome.FAILED,
          Wording.count(failed)
              + " of "
              + Wording.count(all.size(), noun)
              + " failed"
              + warnings
              + ".",
          figures,
          all);
    }
    String held =
        all.size() == 1
            ? "The one " + noun + " judged held"
            : "All " + Wording.count(all.size(), noun) + " judged held";
    if (warned > 0) {
      held =
          Wording.count(all.size() - warned) + " of " + Wording.count(all.size(), noun) + " held";
    }
    return new Verdict(command, subject, Outcome.PASSED, held + warnings + ".", figures, all);
  }

  /**
   * A run that held nothing to a limit, with {@code reason} saying why (no threshold was set); the
   * figures are still the run's numbers.
   */
  public static Verdict notJudged(
      String command, String subject, String reason, List<Figure> figures) {
    return new Verdict(command, subject, Outcome.NOT_JUDGED, reason, figures, List.of());
  }

  /** The judgements with {@code status}. */
  public List<Judgement> judgements(Judgement.Status status) {
    return judgements.stream().filter(j -> j.status() == status).toList();
  }

  private static int order(Judgement j) {
    return switch (j.status()) {
      case FAILED -> 0;
      case WARNED -> 1;
      case PASSED -> 2;
    };
  }
}
