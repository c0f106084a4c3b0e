// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QString>

#include <optional>

namespace lockcore {

// Who holds or acts, as the holder and actor columns keep it. Each fits those columns (255
// characters): a user name too long for them (a $USER of 245 characters) is cut, marked with
// "…" (U+2026), and the part after it stays whole.

// "user@host:pid:random": unique per process, so two processes on one host never share a holder.
QString defaultHolderId();
// A hold taken by a person through a tool (the window's test holds): "user@host (tool, pid
// 1234, 3fa2c1)", as unique as defaultHolderId() (a new random part each call), and readable.
QString toolHolderId(const QString &tool);
// Who performs an admin action, for the audit trail: "user@host (tool)".
QString actorId(const QString &tool);
// The user this process runs as: $USER (or LOGNAME, USERNAME), else the account database's
// name for the effective uid, else "unknown".
QString osUserName();

// The process a holder id of the two forms above names (holderprocess.cpp); none for another
// form (an application's own holder ids).
struct HolderProcess
{
    QString host;
    qint64 pid = 0;
};
std::optional<HolderProcess> holderProcess(const QString &holder);
// What lockcore names its database sessions after where the database keeps a name that other
// sessions can read (PostgreSQL's application_name, unless the URL sets one): "<program>
// <pid>@<host>", at most 63 bytes (PostgreSQL's limit; the host is cut to fit).
QString sessionTag();
// Whether a session named `tag` is one of `process` (sessionTag() of that process).
bool isSessionTagOf(const QString &tag, const HolderProcess &process);

} // namespace lockcore
