// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "result.h"

#include <QByteArray>
#include <QStringList>

#include <vector>

namespace cli {

// The command line as text, each argument exactly as given: read as UTF-8 (what Qt assumes on
// Unix), a leading byte order mark kept (Qt's own conversion drops it, so "\xEF\xBB\xBFjob"
// named the lock "job"; kept, lockcore refuses it with the reason). An argument that is not
// valid UTF-8 is refused, naming it by its position (never its text: it may hold a password):
// converted, each bad sequence would become U+FFFD, and names whose bytes differ there would
// be one lock. The first argument, the program, is taken as it is.
lockcore::Result<QStringList> argumentsAsText(const std::vector<QByteArray> &arguments);

// The offset of the first byte of `bytes` that is not part of well-formed UTF-8 (RFC 3629: no
// overlong forms, no surrogates, nothing above U+10FFFF, no truncated sequence), or -1.
qsizetype firstInvalidUtf8Byte(QByteArrayView bytes);

} // namespace cli
