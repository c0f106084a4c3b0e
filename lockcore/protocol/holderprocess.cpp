// SPDX-License-Identifier: Apache-2.0
// The process behind a holder id (holderid.h): its host and pid, read back from the forms
// defaultHolderId() and toolHolderId() write, and told from the name lockcore gives its
// sessions (sessionTag()).

#include "holderid.h"

#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace lockcore {

std::optional<HolderProcess> holderProcess(const QString &holder)
{
    // From the end: the user before the host may hold any character, '@' too.
    static const QRegularExpression plain(uR"(@([^@\s:()]+):(\d+):[0-9a-f]{6}$)"_s);
    static const QRegularExpression tool(uR"(@([^@\s:()]+) \([^()]*, pid (\d+), [0-9a-f]{6}\)$)"_s);
    for (const QRegularExpression *form : {&plain, &tool}) {
        const QRegularExpressionMatch match = form->match(holder);
        if (!match.hasMatch())
            continue;
        bool ok = false;
        const qint64 pid = match.captured(2).toLongLong(&ok);
        if (ok && pid > 0)
            return HolderProcess{match.captured(1), pid};
    }
    return std::nullopt;
}

bool isSessionTagOf(const QString &tag, const HolderProcess &process)
{
    static const QRegularExpression form(uR"( (\d+)@(\S+)$)"_s);
    const QRegularExpressionMatch match = form.match(tag);
    if (!match.hasMatch() || match.captured(1).toLongLong() != process.pid)
        return false;
    const QString host = match.captured(2);
    if (host == process.host)
        return true;
    return tag.toUtf8().size() >= 63 && process.host.startsWith(host); // cut to fit
}

} // namespace lockcore
