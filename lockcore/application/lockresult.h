// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "lockguard.h"

#include <memory>
#include <optional>

namespace lockcore {

// What LockClient::tryLock gives: a guard holding the locks, or why there is none. It must be
// looked at ([[nodiscard]]): `if (auto lock = client.tryLock(...)) { ... lock->fence() ... }`;
// else refusal() says who holds the lock, error() what went wrong. Move-only; the guard it
// carries releases the locks when the result goes out of scope (or at release()).
class [[nodiscard]] LockResult
{
public:
    explicit LockResult(std::unique_ptr<LockGuard> guard);
    LockResult(LockResult &&) noexcept = default;
    LockResult &operator=(LockResult &&) noexcept = default;

    // Every lock acquired and none lost so far.
    explicit operator bool() const { return held(); }
    bool held() const;
    std::optional<Grant> refusal() const; // held by another until the wait ended
    Error error() const;                  // no connection, bad input, cancelled...

    LockGuard &guard() { return *m_guard; }
    const LockGuard &guard() const { return *m_guard; }
    LockGuard *operator->() { return m_guard.get(); }
    const LockGuard *operator->() const { return m_guard.get(); }

private:
    std::unique_ptr<LockGuard> m_guard;
};

} // namespace lockcore
