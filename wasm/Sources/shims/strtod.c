// What Swift's runtime gives its standard library on Linux, for the one entry point the
// Embedded standard library calls but does not define: parsing a Double (`Double(text)`).
// This reads with strtod in the C locale (wasi-libc has no other), stores the value and
// returns where the number ends. A value too large is infinite and one too small is zero or
// subnormal, as `Double("1e400")` is `inf` and `Double("1e-400")` is `0.0` in the native tool
// (Swift 6.3). "snan" (any case, with a sign) is a signaling NaN.
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static int is_signaling_nan(const char *text) {
    if (*text == '+' || *text == '-') text++;
    return strcasecmp(text, "snan") == 0;
}

const char *_swift_stdlib_strtod_clocale(const char *text, double *result) {
    if (is_signaling_nan(text)) {
        *result = text[0] == '-' ? -__builtin_nans("") : __builtin_nans("");
        return text + strlen(text);
    }
    char *end;
    *result = strtod(text, &end);
    return end;
}
