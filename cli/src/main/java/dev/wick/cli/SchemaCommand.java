package dev.wick.cli;

import dev.wick.core.schema.Schema;
import dev.wick.core.schema.Schemas;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code wick schema}: prints the schema of a dataset (or of an Avro schema file). */
@Command(
    name = "schema",
    header = "Print the schema of a dataset or of an Avro schema file.",
    mixinStandardHelpOptions = true,
    description =
        "Print the schema of a dataset in Wick's notation. It reads a file, a folder or a glob (the"
            + " format from the extensions or --in-format), a catalog table (--in table:NAME) or an"
            + " Avro schema file (.avsc).")
final class SchemaCommand implements Callable<Integer> {
  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @Mixin SparkOptions spark;

  @Mixin InputOptions input;

  @Option(
      names = "--avro",
      description = "Print the Avro schema (JSON) instead of Wick's notation.")
  boolean avro;

  @Override
  public Integer call() {
    Schema schema;
    if (input.in.endsWith(".avsc")) {
      schema = Schemas.fromAvro(Schemas.parseAvsc(Path.of(input.in)));
    } else {
      schema = input.source().schema(spark.spark());
    }
    var out = spec.commandLine().getOut();
    out.print(avro ? Schemas.toAvro(schema).toString(true) + "\n" : schema.toNotation());
    out.flush();
    return 0;
  }
}
