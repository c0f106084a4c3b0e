// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "lockdefinitions.h"
#include "lockguard.h"

#include <QMap>

#include <optional>
#include <type_traits>
#include <utility>
#include <variant>

namespace lockcore {

enum class RunStatus {
    Done,    // the function ran with every lock held to its end, and the locks were released
    Refused, // a lock was held by another until the wait ended: refusal (who holds it)
    Failed,  // no run: the locks could not be asked for (error)
    Lost,    // the function ran, but a lease was lost meanwhile (lost): its writes may have
             // raced another holder's, and only the fence can refuse them
    LostBeforeRun, // every lock was granted, but a lease was lost (or its end passed) before
                   // the function could start: it did not run (lost, when the guard knew why)
};

// What became of a run under a lock (seed 000's autoLock), whatever the function returned.
struct RunReport
{
    RunStatus status = RunStatus::Failed;
    // One lock: its fence, as the run had it. Several: ambiguous (the first in name order);
    // use fences / fenceOf(name).
    qint64 fence = 0;
    QMap<QString, qint64> fences;  // every lock's fence by name, as the run had them
    std::optional<Grant> refusal;  // Refused
    Error error;                   // Failed
    std::optional<LostLease> lost; // Lost
    Status releaseError;           // Done/Lost: the release could not reach the database (the
                                   // lock then ends with its lease)

    bool ok() const { return status == RunStatus::Done; }
    bool ran() const { return status == RunStatus::Done || status == RunStatus::Lost; }
    qint64 fenceOf(const QString &name) const { return fences.value(name); }
    // One sentence for a log: why the function did not run, or what went wrong after.
    QString summary() const;
    // After the run (`ran`: the function was started): from the guard, released.
    static RunReport after(LockGuard &guard, bool ran);
};

// The report and, when the function ran (Done or Lost), what it returned (std::monostate for a
// function returning void).
template<typename T>
struct RunOutcome : RunReport
{
    std::optional<T> value;
};

template<typename F>
using RunValue = std::conditional_t<std::is_void_v<std::invoke_result_t<F, const LockGuard &>>,
                                    std::monostate, std::invoke_result_t<F, const LockGuard &>>;

// Runs `work(guard)` if `guard` holds its locks, then releases them and reports: the one
// place where a run under a lock is carried out (runUnder here and LockClient::runUnder).
template<typename F>
RunOutcome<RunValue<F>> runHolding(LockGuard &guard, F &&work)
{
    RunOutcome<RunValue<F>> outcome;
    // Held, not merely acquired: a lease lost while the last lock was waited for runs nothing.
    const bool run = guard.isHeld();
    if (run) {
        if constexpr (std::is_void_v<std::invoke_result_t<F, const LockGuard &>>) {
            work(std::as_const(guard));
            outcome.value = std::monostate();
        } else {
            outcome.value = work(std::as_const(guard));
        }
    }
    static_cast<RunReport &>(outcome) = RunReport::after(guard, run);
    return outcome;
}

// Runs `work(guard)` holding `locks` (in name order, all or none; one lock: a list of one), the
// leases renewed meanwhile on the guard's own thread; releases them afterwards. `work` sees the
// fence (guard.fence(name)) to write with, and may ask guard.isHeld() between steps to stop
// early. The function runs on the caller's thread; GuardOptions::onLost, if set, on the guard's.
template<typename F>
RunOutcome<RunValue<F>> runUnder(const ConnectionSpec &spec, const QList<LockDefinition> &locks,
                                 F &&work, GuardOptions options = {})
{
    LockGuard guard(spec, locks, std::move(options));
    return runHolding(guard, std::forward<F>(work));
}

template<typename F>
RunOutcome<RunValue<F>> runUnder(const ConnectionSpec &spec, const LockDefinition &lock, F &&work,
                                 GuardOptions options = {})
{
    return runUnder(spec, QList<LockDefinition>{lock}, std::forward<F>(work), std::move(options));
}

// The same for the lock named `name` in `definitions`; Failed if it is not there.
template<typename F>
RunOutcome<RunValue<F>> runUnder(const ConnectionSpec &spec, const LockDefinitions &definitions,
                                 const QString &name, F &&work, GuardOptions options = {})
{
    auto definition = definitions.get(name);
    if (!definition) {
        RunOutcome<RunValue<F>> outcome;
        outcome.error = definition.error();
        return outcome;
    }
    return runUnder(spec, *definition, std::forward<F>(work), std::move(options));
}

} // namespace lockcore
