// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "clusterstatus.h"

#include <QDateTime>
#include <QWidget>
#include <optional>

class QLabel;
class QPushButton;
class QTableView;
class QVBoxLayout;

namespace ui {

class ClusterMembersModel;
class MessageBar;

// The cluster as the connected node sees it: the node and its kind, the cluster's state, a
// warning bar for each warning (lockcore::clusterWarnings), the members with their state and
// lag, and what could not be read. Shows values it is given; reading is ClusterView's.
class ClusterPanel : public QWidget
{
    Q_OBJECT

public:
    explicit ClusterPanel(QWidget *parent = nullptr);

    void showStatus(const lockcore::ClusterStatus &status, const QDateTime &readAt);
    // A read failed: said above the last status read (kept, with its time).
    void showError(const QString &message);
    void showNotConnected();

    const std::optional<lockcore::ClusterStatus> &status() const { return m_status; }
    ClusterMembersModel *model() const { return m_model; }
    QTableView *membersView() const { return m_members; }
    QString titleText() const;
    QString detailsText() const;
    QStringList warningTexts() const; // the warning bars shown
    QString notesText() const;        // what could not be read
    QString errorText() const;        // the last read's failure; empty after a success

signals:
    void refreshRequested();

protected:
    void changeEvent(QEvent *event) override;

private:
    void render();
    void renderWarnings();
    void hideEmptyColumns();
    void fitMembersHeight();
    void retranslate();

    QLabel *m_title;
    QLabel *m_details;
    QPushButton *m_refresh;
    MessageBar *m_error;
    QVBoxLayout *m_warnings;
    QList<MessageBar *> m_warningBars;
    ClusterMembersModel *m_model;
    QTableView *m_members;
    QLabel *m_notes;
    QLabel *m_readAt;
    std::optional<lockcore::ClusterStatus> m_status;
    QDateTime m_readAtTime;
    QString m_errorText;
};

} // namespace ui
