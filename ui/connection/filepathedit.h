// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QWidget>

class QLineEdit;
class QToolButton;

namespace ui {

// A file path: a line edit and a button that opens a file chooser.
class FilePathEdit : public QWidget
{
    Q_OBJECT

public:
    explicit FilePathEdit(QWidget *parent = nullptr);

    QString path() const;
    void setPath(const QString &path);
    void setDialogTitle(const QString &title) { m_dialogTitle = title; }
    QLineEdit *lineEdit() const { return m_edit; }
    QToolButton *browseButton() const { return m_browse; }

signals:
    void pathEdited(const QString &path); // typed or chosen (not setPath())

private:
    void browse();

    QLineEdit *m_edit;
    QToolButton *m_browse;
    QString m_dialogTitle;
};

} // namespace ui
