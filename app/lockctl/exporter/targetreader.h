// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "exporteroptions.h"
#include "lockselection.h"
#include "metricsnapshot.h"
#include "profiletable.h"
#include "session.h"
#include "snapshotreader.h"

#include <QObject>

#include <memory>
#include <optional>

namespace lockctl {

// Reads one target's lock table, on the thread it lives on, with a Session of its own (opened
// read-only on the first read and again after a failed open; a lost connection is reopened by
// the Session itself). An error is said once on stderr, not at every scrape, and the recovery
// once too.
class TargetReader : public QObject
{
    Q_OBJECT
public:
    TargetReader(const ExportTarget &target, const lockcore::LockSelection &selection,
                 int connectTimeoutS);
    ~TargetReader() override;

    // One read; up is false when it failed. The duration is the caller's to set.
    lockcore::TableSnapshot read();

private:
    lockcore::Result<lockcore::TableSnapshot> readTable();
    lockcore::Status open();
    void noteError(const lockcore::Error &error);

    ExportTarget m_target;
    lockcore::LockSelection m_selection;
    int m_connectTimeoutS;
    std::unique_ptr<lockcore::Session> m_session;
    std::optional<lockcore::ProfileTable> m_profileTable;
    lockcore::EventCounter m_counter;
    QString m_lastError; // said on stderr; empty: the last read succeeded
};

} // namespace lockctl
