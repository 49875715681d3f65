package dev.isutools4j.isugram.data;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.SplittableRandom;
import javax.imageio.ImageIO;

/**
 * Small generated pictures: a gradient with a few shapes, a few KB, the same bytes for the same
 * seed. Thread-safe.
 */
public final class Images {

  /** One encoded picture. */
  public record Image(String mime, byte[] bytes) {

    /** The extension the app's image URLs use for this mime type. */
    public String extension() {
      return Images.extension(mime);
    }
  }

  public static final String JPEG = "image/jpeg";
  public static final String PNG = "image/png";
  public static final String GIF = "image/gif";
  private static final String[] MIMES = {JPEG, PNG, GIF};
  private static final int WIDTH = 160;
  private static final int HEIGHT = 120;

  static {
    // No temp files: everything is small and in memory.
    ImageIO.setUseCache(false);
  }

  private Images() {}

  /** A picture of a type chosen by the seed. */
  public static Image make(long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    return make(MIMES[random.nextInt(MIMES.length)], random);
  }

  /** A picture of the given type. */
  public static Image make(String mime, long seed) {
    return make(mime, new SplittableRandom(seed));
  }

  private static Image make(String mime, SplittableRandom random) {
    int type = GIF.equals(mime) ? BufferedImage.TYPE_BYTE_INDEXED : BufferedImage.TYPE_INT_RGB;
    BufferedImage picture = new BufferedImage(WIDTH, HEIGHT, type);
    Graphics2D g = picture.createGraphics();
    try {
      Color from = new Color(random.nextInt(0x1000000));
      Color to = new Color(random.nextInt(0x1000000));
      for (int y = 0; y < HEIGHT; y++) {
        g.setColor(mix(from, to, (double) y / HEIGHT));
        g.drawLine(0, y, WIDTH, y);
      }
      int shapes = 2 + random.nextInt(4);
      for (int i = 0; i < shapes; i++) {
        g.setColor(new Color(random.nextInt(0x1000000)));
        int x = random.nextInt(WIDTH);
        int y = random.nextInt(HEIGHT);
        int w = 8 + random.nextInt(WIDTH / 2);
        int h = 8 + random.nextInt(HEIGHT / 2);
        if (random.nextBoolean()) {
          g.fillOval(x - w / 2, y - h / 2, w, h);
        } else {
          g.fillRect(x - w / 2, y - h / 2, w, h);
        }
      }
    } finally {
      g.dispose();
    }
    return new Image(mime, encode(picture, formatName(mime)));
  }

  private static Color mix(Color a, Color b, double t) {
    return new Color(
        (int) (a.getRed() + (b.getRed() - a.getRed()) * t),
        (int) (a.getGreen() + (b.getGreen() - a.getGreen()) * t),
        (int) (a.getBlue() + (b.getBlue() - a.getBlue()) * t));
  }

  private static byte[] encode(BufferedImage picture, String format) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(8192);
    try {
      if (!ImageIO.write(picture, format, out)) {
        throw new IllegalStateException("no ImageIO writer for " + format);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }

  private static String formatName(String mime) {
    return switch (mime) {
      case JPEG -> "jpeg";
      case PNG -> "png";
      case GIF -> "gif";
      default -> throw new IllegalArgumentException("not an image type of this app: " + mime);
    };
  }

  /** The URL extension of a mime type: jpg, png or gif; empty for anything else. */
  public static String extension(String mime) {
    return switch (mime) {
      case JPEG -> "jpg";
      case PNG -> "png";
      case GIF -> "gif";
      default -> "";
    };
  }
}
