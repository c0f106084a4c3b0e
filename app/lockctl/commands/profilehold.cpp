// SPDX-License-Identifier: GPL-3.0-or-later
#include "profilehold.h"

#include "duration.h"
#include "exitcode.h"
#include "interrupt.h"
#include "invocation.h"
#include "jsonformat.h"
#include "lockctltr.h"
#include "output.h"
#include "profilewait.h"
#include "textformat.h"

#include <QElapsedTimer>

using namespace Qt::StringLiterals;
using namespace cli;
using lockcore::formatDurationMs;
using lockcore::ProfileLock;

namespace lockctl {

namespace {

// The lease the application's protocol gave this grant (none: the table has no expiry).
std::optional<qint64> leaseOf(const ProfileLock &granted)
{
    if (!granted.expiresAtMs)
        return std::nullopt;
    return *granted.expiresAtMs - granted.lockedAtMs.value_or(granted.dbNowMs);
}

void warnAboutTheHold(const Output &out, const lockcore::Profile &profile,
                      const ProfileLock &granted, qint64 holdMs)
{
    if (const auto lease = leaseOf(granted); lease && holdMs > *lease)
        out.warning(Tr::tr("The lease (%1) is shorter than the hold (%2): the lock expires "
                           "during the hold and the application may take it. The protocol of "
                           "%3 has no renewal; give a longer --ttl to hold it throughout.")
                        .arg(formatDurationMs(*lease), formatDurationMs(holdMs), profile.id));
    if (profile.columns.holder.isEmpty())
        out.warning(Tr::tr("The table of %1 records no holder: its release frees the lock "
                           "whoever holds it, so a lock lost during the hold cannot be told.")
                        .arg(profile.id));
}

QString profileLostText(const QString &name, const QString &holder,
                        const std::optional<ProfileLock> &current)
{
    const QString now = current ? profileLockText(*current) : Tr::tr("no such lock");
    return Tr::tr("\"%1\" is no longer held by %2 (taken over after its lease, or "
                  "force-released); the release changed nothing. Now: %3")
        .arg(name, holder, now);
}

} // namespace

ProfileHoldOutcome holdProfileLock(lockcore::ProfileTable &table, const QString &name,
                                   const QString &holder, qint64 holdMs,
                                   const std::atomic_bool &stop)
{
    ProfileHoldOutcome outcome;
    QElapsedTimer held;
    held.start();
    outcome.interrupted = !pauseUnlessStopped(holdMs, stop);
    outcome.heldMs = held.elapsed();
    auto released = table.release(name, holder);
    if (!released) {
        outcome.error = released.error();
        return outcome;
    }
    outcome.released = *released;
    if (outcome.released)
        return outcome;
    outcome.lost = true;
    auto current = table.lock(name);
    if (current)
        outcome.current = *current;
    return outcome;
}

int holdProfileAndRelease(Invocation &invocation, lockcore::ProfileTable &table,
                          const QString &holder, qint64 holdMs, const ProfileLock &granted,
                          QJsonObject json)
{
    Output &out = invocation.out();
    const QString &name = granted.name;
    out.progress(profileGrantText(name, holder, granted) + u'\n'
                 + Tr::tr("Holding it for %1; Ctrl-C releases it early.")
                       .arg(formatDurationMs(holdMs)));
    warnAboutTheHold(out, table.profile(), granted, holdMs);

    const ProfileHoldOutcome held
        = holdProfileLock(table, name, holder, holdMs, InterruptGuard::flag());
    insertHoldEnd(json, held);
    if (held.error)
        return answerFailedRelease(out, json, *held.error);
    if (held.lost) {
        insertProfileCurrent(json, held.current);
        out.result(json, Tr::tr("Lost during the hold: %1")
                             .arg(profileLostText(name, holder, held.current)));
        return ExitRefused;
    }
    out.result(json, held.interrupted
                         ? Tr::tr("Interrupted after %1: released \"%2\".")
                               .arg(formatDurationMs(held.heldMs), name)
                         : Tr::tr("Released \"%1\".").arg(name));
    return ExitDone;
}

} // namespace lockctl
