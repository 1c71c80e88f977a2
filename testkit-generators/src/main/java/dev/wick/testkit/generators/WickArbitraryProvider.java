package dev.wick.testkit.generators;

import java.lang.reflect.Modifier;
import java.util.Set;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.providers.ArbitraryProvider;
import net.jqwik.api.providers.TypeUsage;
import org.apache.avro.specific.SpecificRecord;

/**
 * Lets {@code @ForAll} parameters of any generated Avro class ({@code SpecificRecord}) work with no
 * registration: jqwik finds this provider through {@code META-INF/services}, and it hands out
 * {@link Generators#avro(Class)}.
 */
public final class WickArbitraryProvider implements ArbitraryProvider {

  @Override
  public boolean canProvideFor(TypeUsage targetType) {
    Class<?> raw = targetType.getRawType();
    return SpecificRecord.class.isAssignableFrom(raw)
        && !raw.isInterface()
        && !Modifier.isAbstract(raw.getModifiers());
  }

  @Override
  @SuppressWarnings({"unchecked", "rawtypes"})
  public Set<Arbitrary<?>> provideFor(TypeUsage targetType, SubtypeProvider subtypeProvider) {
    Class raw = targetType.getRawType();
    return Set.of(Generators.avro(raw));
  }
}
