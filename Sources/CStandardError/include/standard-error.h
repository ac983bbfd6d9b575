#pragma once

/* Standard error for the navigation core, whose Swift holds no pointer (its targets are built
 * with strict memory safety): it hands over a line one byte at a time, an integer being safe to
 * pass, and the line goes out whole here. Main thread only (the core's main actor). */

/* Adds `byte` to the line being written; at a newline, or once 1 KiB has gathered, writes what
 * has gathered to file descriptor 2 in one write(2), so that another thread's output does not
 * cut into the line. */
void navigation_standard_error_put(unsigned char byte);
