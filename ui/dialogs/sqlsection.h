// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QWidget>

class QPlainTextEdit;
class QPushButton;
class QToolButton;

namespace ui {

// The "SQL" of a confirmation: the statements the action will run, with their values, as a DBA
// reads them before applying a change. Collapsed at first (the dialog stays small), read-only,
// and copyable (Copy, or select and Ctrl+C).
class SqlSection : public QWidget
{
    Q_OBJECT

public:
    explicit SqlSection(QWidget *parent = nullptr);

    void setSql(const QString &sql);
    QString sql() const;
    bool isExpanded() const;
    void setExpanded(bool expanded);

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();

    QToolButton *m_toggle;
    QWidget *m_body;
    QPlainTextEdit *m_text;
    QPushButton *m_copy;
};

} // namespace ui
