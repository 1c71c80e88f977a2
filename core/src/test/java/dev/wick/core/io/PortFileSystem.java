package dev.wick.core.io;

import java.io.IOException;
import java.net.URI;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.RawLocalFileSystem;

/**
 * A local file system under the scheme {@code wickport://HOST[:PORT]/} whose default port is 8020,
 * as HDFS's is: {@code wickport://nn/x} and {@code wickport://nn:8020/x} are the same path to it,
 * and only its own qualification can tell.
 */
public final class PortFileSystem extends RawLocalFileSystem {
  private URI uri;

  @Override
  public void initialize(URI name, Configuration conf) throws IOException {
    super.initialize(name, conf);
    uri = URI.create(name.getScheme() + "://" + name.getHost() + ":" + getDefaultPort());
  }

  @Override
  public URI getUri() {
    return uri != null ? uri : URI.create("wickport://localhost:" + getDefaultPort());
  }

  @Override
  public String getScheme() {
    return "wickport";
  }

  @Override
  protected int getDefaultPort() {
    return 8020;
  }
}
