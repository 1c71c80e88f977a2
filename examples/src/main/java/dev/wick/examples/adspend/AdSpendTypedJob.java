package dev.wick.examples.adspend;

import static dev.wick.typed.Functions.desc;
import static dev.wick.typed.Functions.sum;

import dev.wick.core.job.Args;
import dev.wick.core.job.JobContext;
import dev.wick.core.job.Jobs;
import dev.wick.core.job.WickJob;
import dev.wick.typed.Typed;
import dev.wick.typed.TypedDataset;

/**
 * Total ad spend per advertiser for one hour, written with Wick's typed API: ad starts, left join
 * the decisions that priced them, left join the advertisers, name each advertiser (falling back to
 * its id, then {@code Unknown}), and sum the micro-dollars into dollars, largest first.
 *
 * <p>Every mistake of the DataFrame version's history is a compile error here: an unknown field
 * ({@code total_cash} for {@code total_usd}), comparing the string advertiser id with the numeric
 * one, using a nullable field of a left-joined side without saying what null means, or putting a
 * plain column into the aggregation. Its optimized plan is the same as {@link
 * AdSpendDataFrameJob}'s.
 *
 * <p>Arguments: {@code --date=20240101 --hour=5 --out=PATH}, and optionally {@code --events},
 * {@code --decisions}, {@code --advertisers}: Parquet paths or {@code table:NAME} (default: the
 * tables the records name).
 */
public final class AdSpendTypedJob implements WickJob {

  /** The pipeline over typed inputs. */
  public static TypedDataset<AdSpend, AdSpend_, AdSpend_.Nullable> totals(
      TypedDataset<AdEvent, AdEvent_, AdEvent_.Nullable> events,
      TypedDataset<AdDecisionResponse, AdDecisionResponse_, AdDecisionResponse_.Nullable> decisions,
      TypedDataset<AdAdvertiser, AdAdvertiser_, AdAdvertiser_.Nullable> advertisers,
      int date,
      int hour) {
    var starts =
        events
            .filter(e -> e.date().eq(date).and(e.hour().eq(hour)))
            .filter(e -> e.event_type().eq("AD_START"));
    var priced = decisions.filter(d -> d.date().eq(date).and(d.hour().eq(hour)));

    var joined =
        starts
            .leftJoin(priced, (e, d) -> e.ad_response_id().eq(d.ad_response_id()))
            .leftJoin(
                advertisers,
                (e, d, a) -> d.advertiser_id().map(id -> id.eq(a.advertiser_id().asString())));

    var rows =
        joined.select(
            (e, d, a) ->
                AdSpendRow_.of(
                    a.name().orElse(d.advertiser_id()).orElse("Unknown"), d.micros_usd()));

    return rows.groupBy(r -> r.advertiser_name())
        .agg(
            (name, r) ->
                AdSpend_.of(name, sum(r.micros_usd()).map(s -> s.map(m -> m.divide(1_000_000L)))))
        .orderBy(t -> desc(t.total_usd()));
  }

  @Override
  public void run(JobContext ctx, Args args) {
    int date = args.integer("date");
    int hour = args.integer("hour");
    var events =
        Typed.wrap(
            AdInputs.read(ctx, args, "events", AdEvent.class, AdInputs.EVENTS),
            "events",
            AdEvent_.META);
    var decisions =
        Typed.wrap(
            AdInputs.read(ctx, args, "decisions", AdDecisionResponse.class, AdInputs.DECISIONS),
            "decisions",
            AdDecisionResponse_.META);
    var advertisers =
        Typed.wrap(
            AdInputs.read(ctx, args, "advertisers", AdAdvertiser.class, AdInputs.ADVERTISERS),
            "advertisers",
            AdAdvertiser_.META);
    AdInputs.write(ctx, args, totals(events, decisions, advertisers, date, hour).toDF());
  }

  public static void main(String[] args) {
    Jobs.main(new AdSpendTypedJob(), args);
  }
}
