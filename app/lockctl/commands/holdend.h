// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"

#include <QJsonObject>
#include <optional>

namespace cli {
class Output;
}

namespace lockctl {

// How acquire --hold ended, on a native lock (HoldOutcome) or an application's
// (ProfileHoldOutcome).
struct HoldEnd
{
    bool interrupted = false; // a signal ended the hold early
    bool lost = false;        // a renewal or the release found the lock no longer this holder's
    bool lapsed = false;      // ... or its lease ended here with no renewal through (lost too)
    bool released = false;    // the release freed it
    qint64 heldMs = 0;
    std::optional<lockcore::Error> error; // the release failed: the lock may still be held
    lockcore::Error lapseError;           // lapsed: why the last renewal did not get through
};

// Adds released, lost, interrupted and held_ms to the answer.
void insertHoldEnd(QJsonObject &json, const HoldEnd &end);

// The release after the hold failed: says so on stderr (the lock may still be held until its
// lease ends) and answers with `json` and the error. Returns the exit code.
int answerFailedRelease(const cli::Output &out, QJsonObject json, const lockcore::Error &error);

} // namespace lockctl
