// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QWidget>

class QLineEdit;
class QPushButton;

namespace ui {

// "History of a name": a lock that was deleted is no longer in the lock table, so it cannot
// be selected, but its events stay in the history table. The user types its name here and
// asks for them (requested()).
class HistoryLookup : public QWidget
{
    Q_OBJECT

public:
    explicit HistoryLookup(QWidget *parent = nullptr);

signals:
    void requested(const QString &name);

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();
    void request();

    QLineEdit *m_name;
    QPushButton *m_show;
};

} // namespace ui
