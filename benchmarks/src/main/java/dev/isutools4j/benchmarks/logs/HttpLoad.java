package dev.isutools4j.benchmarks.logs;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A fast HTTP/1.1 client for filling an access log: keep-alive connections on several threads,
 * each writing a batch of pipelined requests and then reading their responses (status line,
 * headers, a Content-Length or chunked body). The mix: posts by id (with a 404 for every id
 * ending in 0), their comments, users, images (some revalidated: 304), static files, the top
 * page, paginated and searched lists with query strings, POSTs, DELETEs, a login redirect, 500
 * and 503 errors and unknown paths.
 */
final class HttpLoad {

  private static final int PIPELINE = 16;
  private static final String[] WORDS = {"cat", "sunset", "isucon", "coffee", "ramen", "tokyo"};
  /** The content hashes of a deployed front end's files: a handful, as a build produces. */
  private static final String[] ASSETS = {"3f9a8c7e1b", "7a99506761", "0c1d2e3f4a", "b5e6f7a8c9",
      "19af32cd77", "e4d3c2b1a0", "5566778899", "abcdef0123"};
  private static final String[] AGENTS = {
      "Mozilla/5.0 (X11; Linux x86_64) isucon-benchmarker/1.2",
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36",
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148",
      "curl/7.88.1"};

  private HttpLoad() {}

  /** Sends {@code total} requests over {@code connections} connections; returns responses read. */
  static long run(int port, int connections, long total) throws Exception {
    AtomicLong sent = new AtomicLong();
    AtomicLong done = new AtomicLong();
    List<Thread> threads = new ArrayList<>();
    List<Exception> failures = new ArrayList<>();
    for (int t = 0; t < connections; t++) {
      long seed = 7 + t;
      Thread thread = new Thread(() -> {
        SplittableRandom r = new SplittableRandom(seed);
        try {
          while (sent.get() < total) {
            try (Socket s = new Socket("127.0.0.1", port)) {
              s.setTcpNoDelay(true);
              OutputStream out = s.getOutputStream();
              InputStream in = new BufferedInputStream(s.getInputStream(), 1 << 16);
              while (true) {
                long start = sent.getAndAdd(PIPELINE);
                if (start >= total) {
                  return;
                }
                int n = (int) Math.min(PIPELINE, total - start);
                StringBuilder batch = new StringBuilder(n * 200);
                for (int i = 0; i < n; i++) {
                  request(r, port, batch);
                }
                out.write(batch.toString().getBytes(StandardCharsets.ISO_8859_1));
                out.flush();
                for (int i = 0; i < n; i++) {
                  readResponse(in);
                  done.incrementAndGet();
                }
              }
            }
          }
        } catch (Exception e) {
          synchronized (failures) {
            failures.add(e);
          }
        }
      }, "http-load-" + t);
      thread.start();
      threads.add(thread);
    }
    for (Thread t : threads) {
      t.join();
    }
    if (!failures.isEmpty() && done.get() < total) {
      throw failures.get(0);
    }
    return done.get();
  }

  /** Appends one request. */
  private static void request(SplittableRandom r, int port, StringBuilder b) {
    int post = 1 + r.nextInt(50_000);
    int pick = r.nextInt(100);
    String method = "GET";
    String path;
    String body = null;
    String extra = "";
    if (pick < 25) {
      path = "/api/posts/" + post;
    } else if (pick < 33) {
      path = "/api/posts/" + post + "/comments";
    } else if (pick < 41) {
      path = "/api/users/user" + r.nextInt(2_000);
    } else if (pick < 46) {
      method = "POST";
      path = "/api/posts";
      body = "{\"body\":\"" + WORDS[r.nextInt(WORDS.length)] + "\",\"n\":" + r.nextInt(1000) + "}";
    } else if (pick < 48) {
      method = "DELETE";
      path = "/api/posts/" + post;
    } else if (pick < 68) {
      path = "/image/" + post + (r.nextInt(4) == 0 ? ".png" : ".jpg");
      if (r.nextInt(10) == 0) {
        extra = "If-Modified-Since: Fri, 01 Jan 2100 00:00:00 GMT\r\n";
      }
    } else if (pick < 76) {
      path = "/static/app." + ASSETS[r.nextInt(ASSETS.length)] + (r.nextBoolean() ? ".js" : ".css");
    } else if (pick < 81) {
      path = "/";
    } else if (pick < 86) {
      path = "/api/posts?page=" + r.nextInt(100) + (r.nextBoolean() ? "&order=desc" : "");
    } else if (pick < 89) {
      method = "POST";
      path = "/login";
      body = "account_name=user" + r.nextInt(2_000) + "&password=" + Long.toHexString(r.nextLong());
    } else if (pick < 90) {
      path = "/api/fail";
    } else if (pick < 91) {
      path = "/api/busy";
    } else if (pick < 93) {
      path = "/unknown/" + r.nextInt(100) + "/page";
    } else {
      path = "/api/search?q=" + WORDS[r.nextInt(WORDS.length)] + "+" + WORDS[r.nextInt(WORDS.length)];
    }
    b.append(method).append(' ').append(path).append(" HTTP/1.1\r\nHost: 127.0.0.1:").append(port)
        .append("\r\nUser-Agent: ").append(AGENTS[r.nextInt(AGENTS.length)]).append("\r\n")
        .append(extra);
    if (r.nextInt(3) == 0) {
      b.append("Referer: http://127.0.0.1:").append(port).append("/posts/").append(post).append("\r\n");
    }
    if (body != null) {
      b.append(String.format(Locale.ROOT, "Content-Type: application/x-www-form-urlencoded\r\n"
          + "Content-Length: %d\r\n", body.length()));
    }
    b.append("\r\n");
    if (body != null) {
      b.append(body);
    }
  }

  private static void readResponse(InputStream in) throws IOException {
    String status = line(in);
    if (status == null) {
      throw new IOException("connection closed");
    }
    int code = Integer.parseInt(status.substring(9, 12));
    long length = -1;
    boolean chunked = false;
    String h;
    while ((h = line(in)) != null && !h.isEmpty()) {
      String lower = h.toLowerCase(Locale.ROOT);
      if (lower.startsWith("content-length:")) {
        length = Long.parseLong(h.substring(15).trim());
      } else if (lower.startsWith("transfer-encoding:") && lower.contains("chunked")) {
        chunked = true;
      }
    }
    if (code == 204 || code == 304 || code < 200) {
      return;
    }
    if (chunked) {
      while (true) {
        String size = line(in);
        int semi = size.indexOf(';');
        long n = Long.parseLong((semi < 0 ? size : size.substring(0, semi)).trim(), 16);
        if (n == 0) {
          while (!line(in).isEmpty()) {
            // trailers
          }
          return;
        }
        skip(in, n);
        line(in);
      }
    }
    if (length > 0) {
      skip(in, length);
    }
  }

  private static void skip(InputStream in, long n) throws IOException {
    while (n > 0) {
      long k = in.skip(n);
      if (k <= 0) {
        if (in.read() < 0) {
          throw new IOException("connection closed in a body");
        }
        k = 1;
      }
      n -= k;
    }
  }

  private static String line(InputStream in) throws IOException {
    StringBuilder b = new StringBuilder(64);
    int c;
    while ((c = in.read()) >= 0) {
      if (c == '\n') {
        int len = b.length();
        return len > 0 && b.charAt(len - 1) == '\r' ? b.substring(0, len - 1) : b.toString();
      }
      b.append((char) c);
    }
    return b.length() == 0 ? null : b.toString();
  }
}
