// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "lockdisplaystate.h"

#include <optional>

namespace ui {

// What the lock table's state filter lets through: every lock, the locks in one state (Held:
// every running lease, lost owners and holders not renewing too), or the problems (a problem
// state or a long hold: lockcells::isProblem). Converts from the std::optional<LockDisplayState>
// it extends, so that "one state or every state" reads as before.
struct LockStateFilter
{
    enum class Kind : quint8 { Any, OneState, Problems };

    Kind kind = Kind::Any;
    LockDisplayState state = LockDisplayState::Free; // OneState only

    LockStateFilter() = default;
    LockStateFilter(std::nullopt_t) {}
    LockStateFilter(LockDisplayState only) : kind(Kind::OneState), state(only) {}
    LockStateFilter(std::optional<LockDisplayState> only)
        : kind(only ? Kind::OneState : Kind::Any), state(only.value_or(LockDisplayState::Free))
    {
    }
    static LockStateFilter problems()
    {
        LockStateFilter filter;
        filter.kind = Kind::Problems;
        return filter;
    }

    bool isAny() const { return kind == Kind::Any; }
    bool isProblems() const { return kind == Kind::Problems; }
    // The one state, if the filter is one.
    std::optional<LockDisplayState> oneState() const
    {
        return kind == Kind::OneState ? std::optional(state) : std::nullopt;
    }
    bool operator==(const LockStateFilter &other) const
    {
        return kind == other.kind && (kind != Kind::OneState || state == other.state);
    }
    bool operator!=(const LockStateFilter &other) const { return !(*this == other); }
};

} // namespace ui
