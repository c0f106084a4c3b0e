// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

namespace lockcore {
class Session;
}

namespace testsupport {

// A lock's row held in a transaction of the test's own session (SELECT ... FOR UPDATE; on
// SQLite, BEGIN EXCLUSIVE: the whole database), so that no renewal of it gets through, nor an
// acquire by anyone else, until end() (or the destructor) rolls it back.
class RowBlock
{
public:
    RowBlock(lockcore::Session &session, const QString &table, const QString &name);
    ~RowBlock();
    RowBlock(const RowBlock &) = delete;
    RowBlock &operator=(const RowBlock &) = delete;

    bool isHeld() const { return m_error.isEmpty(); }
    QString error() const { return m_error; }
    void end();

private:
    lockcore::Session &m_session;
    QString m_error;
    bool m_ended = false;
};

} // namespace testsupport
