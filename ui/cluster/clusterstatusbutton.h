// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "clusterstatus.h"

#include <QToolButton>
#include <optional>

namespace ui {

// The status bar's "Cluster" item: the node and its kind in a few words ("Galera: node1,
// 3 nodes, Synced"), a warning icon with the warnings in the tooltip when one applies; a
// standalone server just says "Standalone". Hidden until the first read. Clicking it shows or
// hides the cluster panel.
class ClusterStatusButton : public QToolButton
{
    Q_OBJECT

public:
    explicit ClusterStatusButton(QWidget *parent = nullptr);

    void showStatus(const lockcore::ClusterStatus &status);
    void showError(const QString &message);
    void showNotConnected();
    bool hasWarning() const { return m_warning; }

protected:
    void changeEvent(QEvent *event) override;

private:
    void render();

    std::optional<lockcore::ClusterStatus> m_status;
    QString m_error;
    bool m_warning = false;
};

} // namespace ui
