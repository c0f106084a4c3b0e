// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "adminaudit.h"

#include <QDateTime>
#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QTableView;

namespace ui {

class AuditModel;

// The admin audit's filters (actor, lock pattern, since, action), its table and its exports
// (CSV, JSON: lockcore's shapes, as "lockctl audit" writes them). Shows what it is given;
// reading is AuditDock's. Enter in a filter or Refresh asks for a read (readRequested); a
// double-click on a row asks for its lock in the lock table (lockActivated).
class AuditPanel : public QWidget
{
    Q_OBJECT

public:
    static constexpr int readLimit = 1000;

    explicit AuditPanel(QWidget *parent = nullptr);

    // The filters as a request; an error when "since" is neither a duration nor a time.
    lockcore::Result<lockcore::AuditRequest> request() const;
    void showReading();
    void showPage(const lockcore::AuditPage &page, const QDateTime &readAt);
    // A read failed: said above the rows of the last read (kept, with their time).
    void showError(const QString &message);
    // Another connection: no rows until it is read.
    void clear();
    // The lock a double-click asked for is not in the lock table (deleted, or a session).
    void showNotInTable(const QString &name);

    // Writes the rows shown to `path`: JSON for ".json", otherwise CSV. Returns why it failed,
    // or empty.
    QString exportTo(const QString &path) const;

    AuditModel *model() const { return m_model; }
    QTableView *view() const { return m_table; }
    QString statusText() const;

signals:
    void readRequested();
    void lockActivated(const QString &name);

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();
    void exportAs(bool json);

    AuditModel *m_model;
    QLineEdit *m_actor;
    QLineEdit *m_lock;
    QComboBox *m_since;
    QComboBox *m_action;
    QPushButton *m_refresh;
    QPushButton *m_exportCsv;
    QPushButton *m_exportJson;
    QTableView *m_table;
    QLabel *m_status;
    QLabel *m_actorLabel;
    QLabel *m_lockLabel;
    QLabel *m_sinceLabel;
    QLabel *m_actionLabel;
    QDateTime m_readAt; // of the rows shown; invalid: none read
};

} // namespace ui
