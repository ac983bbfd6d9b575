#include "standard-error.h"

#include <errno.h>
#include <unistd.h>

static unsigned char line[1024];
static size_t gathered;

static void write_gathered(void)
{
    size_t done = 0;
    while (done < gathered) {
        ssize_t n = write(2, line + done, gathered - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break; /* standard error closed or full: a warning is not worth blocking for */
        done += (size_t)n;
    }
    gathered = 0;
}

void navigation_standard_error_put(unsigned char byte)
{
    line[gathered++] = byte;
    if (byte == '\n' || gathered == sizeof line)
        write_gathered();
}
