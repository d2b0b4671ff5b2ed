// Writes java17.txt, the JVM's results the package is tested against:
//   javac JavaMath.java && java -cp . JavaMath > java17.txt   (OpenJDK 17, x86-64)
// One line per call: function, argument(s) and result as raw IEEE-754 bits in hex.
import java.util.Random;
import java.util.function.DoubleBinaryOperator;
import java.util.function.DoubleUnaryOperator;

public class JavaMath {
  static final double[] EDGES = {
    0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 2.0, -2.0, 3.0, 10.0, 0.1, 1e-300, -1e-300, 1e300,
    Double.MIN_VALUE, -Double.MIN_VALUE, Double.MIN_NORMAL, 3 * Double.MIN_VALUE, Double.MAX_VALUE,
    -Double.MAX_VALUE, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NaN,
    Math.PI, Math.PI / 2, -Math.PI / 4, 1e22, 0x1p-28, 0x1p-60, 22.0, 709.78, 710.0, 710.5,
    -745.0, -746.0, 0.975, 0.9999999999999999, 1.0000000000000002, 4.611686018427388E18, 1e-310,
    0.3, 2.5, -3.0, 42.0, 1.5, -7.0, 1e9, 1.000000001,
  };
  static Random rnd = new Random(20261202);

  static double random(String kind) {
    switch (kind) {
      case "trig": return (rnd.nextDouble() * 2 - 1) * Math.scalb(1.0, rnd.nextInt(40) - 25);
      case "unit": return rnd.nextDouble() * 2 - 1;
      case "exp": return (rnd.nextDouble() * 2 - 1) * (rnd.nextBoolean() ? 745 : 5);
      case "pos": return Math.scalb(rnd.nextDouble() + 0.5, rnd.nextInt(2000) - 1000);
      default: return Double.longBitsToDouble(rnd.nextLong());
    }
  }

  static String hex(double d) { return Long.toHexString(Double.doubleToRawLongBits(d)); }

  static void unary(String name, String kind, DoubleUnaryOperator f) {
    for (double x : EDGES) System.out.println(name + " " + hex(x) + " " + hex(f.applyAsDouble(x)));
    for (int i = 0; i < 150; i++) {
      double x = random(kind);
      System.out.println(name + " " + hex(x) + " " + hex(f.applyAsDouble(x)));
    }
  }

  static void binary(String name, String kind, DoubleBinaryOperator f) {
    for (double x : EDGES) for (double y : EDGES)
      System.out.println(name + " " + hex(x) + " " + hex(y) + " " + hex(f.applyAsDouble(x, y)));
    for (int i = 0; i < 150; i++) {
      double x = random(kind), y = random(rnd.nextBoolean() ? kind : "trig");
      System.out.println(name + " " + hex(x) + " " + hex(y) + " " + hex(f.applyAsDouble(x, y)));
    }
  }

  public static void main(String[] args) {
    unary("sin", "trig", Math::sin);
    unary("cos", "trig", Math::cos);
    unary("tan", "trig", Math::tan);
    unary("asin", "unit", Math::asin);
    unary("acos", "unit", Math::acos);
    unary("atan", "trig", Math::atan);
    unary("cbrt", "bits", Math::cbrt);
    unary("sinh", "exp", Math::sinh);
    unary("cosh", "exp", Math::cosh);
    unary("tanh", "exp", Math::tanh);
    unary("sqrt", "bits", Math::sqrt);
    unary("toRadians", "bits", Math::toRadians);
    unary("toDegrees", "trig", Math::toDegrees);
    unary("exp", "exp", StrictMath::exp);
    unary("expm1", "exp", StrictMath::expm1);
    unary("log", "pos", StrictMath::log);
    unary("log10", "pos", StrictMath::log10);
    unary("log1p", "pos", StrictMath::log1p);
    binary("atan2", "trig", Math::atan2);
    binary("hypot", "bits", Math::hypot);
    binary("pow", "pos", StrictMath::pow);
  }
}
