#pragma once

#include <QString>

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

} // namespace lockcore
