// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"

#include <QString>
#include <cstdio>
#include <cstdlib>

namespace fuzz {

// A property every input must keep. A violation prints what broke and aborts, which libFuzzer
// reports as a crash and saves the input for reproduction.
inline void check(bool holds, const char *property, const QString &detail = {})
{
    if (holds)
        return;
    std::fprintf(stderr, "fuzz property violated: %s\n%s\n", property,
                 detail.toUtf8().constData());
    std::abort();
}

// Every refusal is a clear error: invalid input, a non-empty message, and a sentence rather
// than an echo of a huge input (inputs are quoted cut to at most 80 characters).
inline void checkClearError(const lockcore::Error &error, const char *what)
{
    check(error.kind == lockcore::Error::Kind::InvalidInput, what, error.message);
    check(!error.message.trimmed().isEmpty(), what, error.message);
    check(error.message.size() < 1200, what, error.message.left(300));
}

// The fuzzer's bytes as text, the way a command line or a file would arrive (invalid UTF-8
// becomes U+FFFD, as QString::fromUtf8 does everywhere in Lockscope).
inline QString text(const uint8_t *data, size_t size)
{
    return QString::fromUtf8(reinterpret_cast<const char *>(data), qsizetype(size));
}

} // namespace fuzz
