// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDialog>

class QPlainTextEdit;

namespace ui {

// The DDL for this database and table, shown before anything runs: a DBA can copy it, or
// (when allowed) the admin runs it here.
class SchemaDialog : public QDialog
{
    Q_OBJECT

public:
    SchemaDialog(const QString &databaseName, const QStringList &statements, bool canRun,
                 QWidget *parent = nullptr);
    QString ddl() const;

signals:
    void runRequested();

private:
    QPlainTextEdit *m_text;
};

} // namespace ui
