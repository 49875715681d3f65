package dev.isutools4j.http;

import dev.isutools4j.internal.http.CountingWriter;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import java.io.IOException;
import java.io.PrintWriter;

/**
 * A response that counts the body bytes the app writes, through its output stream or its writer.
 * The container's own streams stay in charge of buffering, encoding and headers.
 */
final class CountingResponse extends HttpServletResponseWrapper {

  private CountingServletOutputStream stream;
  private CountingWriter counter;
  private PrintWriter writer;

  CountingResponse(HttpServletResponse response) {
    super(response);
  }

  @Override
  public ServletOutputStream getOutputStream() throws IOException {
    if (stream == null) {
      stream = new CountingServletOutputStream(super.getOutputStream());
    }
    return stream;
  }

  @Override
  public PrintWriter getWriter() throws IOException {
    if (writer == null) {
      PrintWriter real = super.getWriter();
      counter = new CountingWriter(real, getCharacterEncoding());
      writer = new PrintWriter(counter);
    }
    return writer;
  }

  /** Body bytes written so far. */
  long bytes() {
    return (stream == null ? 0 : stream.count) + (counter == null ? 0 : counter.bytes());
  }

  private static final class CountingServletOutputStream extends ServletOutputStream {

    private final ServletOutputStream out;
    private long count;

    CountingServletOutputStream(ServletOutputStream out) {
      this.out = out;
    }

    @Override
    public void write(int b) throws IOException {
      out.write(b);
      count++;
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      out.write(b, off, len);
      count += len;
    }

    @Override
    public void flush() throws IOException {
      out.flush();
    }

    @Override
    public void close() throws IOException {
      out.close();
    }

    @Override
    public boolean isReady() {
      return out.isReady();
    }

    @Override
    public void setWriteListener(WriteListener listener) {
      out.setWriteListener(listener);
    }
  }
}
