// SPDX-License-Identifier: Apache-2.0
#include "lockresult.h"

namespace lockcore {

LockResult::LockResult(std::unique_ptr<LockGuard> guard) : m_guard(std::move(guard)) {}

bool LockResult::held() const
{
    return m_guard && m_guard->isHeld();
}

std::optional<Grant> LockResult::refusal() const
{
    return m_guard ? m_guard->refusal() : std::nullopt;
}

Error LockResult::error() const
{
    return m_guard ? m_guard->error() : Error();
}

} // namespace lockcore
