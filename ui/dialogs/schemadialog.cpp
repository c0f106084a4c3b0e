// SPDX-License-Identifier: GPL-3.0-or-later
#include "schemadialog.h"

#include "chordless.h"

#include <QApplication>
#include <QClipboard>
#include <QDialogButtonBox>
#include <QFontDatabase>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace ui {

SchemaDialog::SchemaDialog(const QString &databaseName, const QStringList &statements,
                           bool canRun, QWidget *parent)
    : QDialog(parent), m_text(new QPlainTextEdit(this))
{
    setWindowTitle(tr("Create schema \u2014 %1").arg(databaseName));
    auto *intro = new QLabel(tr("These statements create the lock table and its event table if "
                                "they do not exist. They change nothing that exists already."),
                             this);
    intro->setWordWrap(true);
    QStringList parts;
    for (const QString &statement : statements)
        parts << (statement.trimmed().endsWith(u"END;"_s) ? QString(statement + u"\n/"_s)
                                                           : QString(statement + u';'));
    m_text->setPlainText(parts.join(u"\n\n"_s));
    m_text->setReadOnly(true);
    m_text->setObjectName(u"ddl"_s);
    m_text->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_text->setLineWrapMode(QPlainTextEdit::NoWrap);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    auto *copy = buttons->addButton(tr("&Copy"), QDialogButtonBox::ActionRole);
    connect(copy, &QPushButton::clicked, this,
            [this] { QApplication::clipboard()->setText(ddl()); });
    if (canRun) {
        // No chord runs it (chordless.h): the admin moves to it or clicks it.
        auto *run = buttons->addButton(QString(), QDialogButtonBox::AcceptRole);
        makeChordless(run, tr("&Run now"));
        run->setObjectName(u"runButton"_s);
        connect(run, &QPushButton::clicked, this, [this] {
            emit runRequested();
            accept();
        });
    }
    // The default (Enter) closes; otherwise the box makes its first accept button, Run, the
    // default when shown.
    buttons->button(QDialogButtonBox::Close)->setDefault(true);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addWidget(m_text, 1);
    layout->addWidget(buttons);
    resize(720, 520);
}

QString SchemaDialog::ddl() const
{
    return m_text->toPlainText();
}

} // namespace ui
