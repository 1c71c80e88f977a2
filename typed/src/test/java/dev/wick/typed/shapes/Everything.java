package dev.wick.typed.shapes;

import dev.wick.typed.WickRecord;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/** A record with a component of every kind the typed API supports. */
@WickRecord
public record Everything(
    boolean flag,
    int count,
    long id,
    float ratio,
    double score,
    @Nullable Integer maybeCount,
    BigDecimal price,
    String name,
    @Nullable String nickname,
    LocalDate day,
    Instant at,
    LocalDateTime local,
    byte[] blob,
    Color color,
    List<String> tags,
    List<@Nullable String> notes,
    Map<String, Integer> scores,
    Address home,
    @Nullable Address work,
    Optional<String> comment) {}
