// SPDX-License-Identifier: GPL-3.0-or-later
#include "leaseoptions.h"

#include "holderid.h"
#include "options.h"
#include "validation.h"

#include <QCommandLineParser>

using namespace Qt::StringLiterals;
using cli::durationOption;

namespace lockctl {

lockcore::Result<LeaseOptions> leaseOptions(const QCommandLineParser &args,
                                            const LeaseRules &rules)
{
    LeaseOptions lease;
    auto ttl = durationOption(args, u"ttl"_s, rules.ttlFallbackMs);
    if (!ttl)
        return ttl.error();
    if (rules.checkTtl && args.isSet(u"ttl"_s)) {
        if (lockcore::Status valid = lockcore::validateTtl(*ttl); !valid)
            return valid.error();
    }
    lease.ttlMs = *ttl;
    lease.holder = args.isSet(u"holder"_s) ? args.value(u"holder"_s) : lockcore::defaultHolderId();
    if (lockcore::Status valid = lockcore::validateHolder(lease.holder); !valid)
        return valid.error();
    auto wait = durationOption(args, u"wait"_s, 0);
    if (!wait)
        return wait.error();
    lease.waitMs = *wait;
    if (!rules.takesHold)
        return lease;
    auto hold = durationOption(args, u"hold"_s, -1);
    if (!hold)
        return hold.error();
    lease.holdMs = *hold;
    return lease;
}

} // namespace lockctl
