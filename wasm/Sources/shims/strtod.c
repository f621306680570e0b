// What Swift's runtime gives its standard library on Linux, for the one entry point the
// Embedded standard library calls but does not define: parsing a Double (`Double(text)`).
// As the runtime's own version (stdlib/public/stubs), this reads with strtod in the C locale
// (wasi-libc has no other), stores the value, and returns where the number ends, or NULL
// when the value overflows or underflows to zero (ERANGE), so that `Double("1e999")` is nil
// here as it is in the native tool. "snan" (any case, with a sign) is a signaling NaN.
#include <errno.h>
#include <math.h>
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
    errno = 0;
    double value = strtod(text, &end);
    *result = value;
    if ((value == HUGE_VAL || value == -HUGE_VAL || value == 0.0) && errno == ERANGE) return NULL;
    return end;
}
