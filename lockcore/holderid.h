#pragma once

#include <QString>

namespace lockcore {

// "user@host:pid:random": unique per process, so two processes on one host never share a holder.
QString defaultHolderId();
// Who performs an admin action, for the audit trail: "user@host (tool)".
QString actorId(const QString &tool);

} // namespace lockcore
