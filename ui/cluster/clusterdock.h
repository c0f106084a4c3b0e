// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDockWidget>

namespace ui {

class ClusterPanel;

// The cluster panel in a dock of the main window ("Cluster"), hidden until asked for; where
// it was left is kept with the window's layout.
class ClusterDock : public QDockWidget
{
    Q_OBJECT

public:
    explicit ClusterDock(QWidget *parent = nullptr);
    ClusterPanel *panel() const { return m_panel; }

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();

    ClusterPanel *m_panel;
};

} // namespace ui
