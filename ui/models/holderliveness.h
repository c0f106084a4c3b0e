// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

#include <functional>
#include <optional>

namespace ui {

// Where a holder id of the default form "user@host:pid:hex" (lockcore::defaultHolderId), or of a
// person's hold through a tool, "user@host (tool, pid N, hex)" (lockcore::toolHolderId), says its
// process runs. Other holder ids (chosen by an application) say nothing about a process.
struct HolderProcess
{
    QString user;
    QString host;
    qint64 pid = 0;
};

std::optional<HolderProcess> parseHolderProcess(const QString &holder);

// This machine's host name as holder ids spell it.
QString localHostName();

// True when no process with this pid exists here (kill(pid, 0) fails with ESRCH). A process of
// another user still counts as alive. Always false where it cannot be known (not Unix).
bool isProcessGone(qint64 pid);

// Answers "is the owner of this holder id known to be gone?". Must be cheap: the lock table asks
// once per distinct holder per tick.
using OwnerGoneCheck = std::function<bool(const QString &holder)>;

// The default check: a default-form holder id naming this host whose process no longer exists.
bool isLocalHolderGone(const QString &holder);

} // namespace ui
