// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "result.h"

#include <QString>

class QCommandLineParser;

namespace lockctl {

// What acquire, acquire --profile and run are told about the lease they ask for.
struct LeaseOptions
{
    QString holder;     // --holder, else lockcore::defaultHolderId()
    qint64 ttlMs = 0;   // --ttl
    qint64 waitMs = 0;  // --wait; 0: one attempt
    qint64 holdMs = -1; // --hold; < 0: do not hold, leave the lock held
};

// How a command reads them.
struct LeaseRules
{
    qint64 ttlFallbackMs = 0; // without --ttl (0: the lock's own lease)
    bool checkTtl = true;     // validate a given --ttl here (false: the table decides)
    bool takesHold = true;    // the command has --hold
};

// Reads --ttl, --holder (validated), --wait and --hold; errors are InvalidInput naming the
// option.
lockcore::Result<LeaseOptions> leaseOptions(const QCommandLineParser &args,
                                            const LeaseRules &rules = {});

} // namespace lockctl
