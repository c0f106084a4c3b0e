// SPDX-License-Identifier: GPL-3.0-or-later
#include "filepathedit.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QToolButton>

using namespace Qt::StringLiterals;

namespace ui {

FilePathEdit::FilePathEdit(QWidget *parent)
    : QWidget(parent)
    , m_edit(new QLineEdit(this))
    , m_browse(new QToolButton(this))
{
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_edit, 1);
    layout->addWidget(m_browse);
    m_browse->setText(u"\u2026"_s);
    m_browse->setToolTip(tr("Choose a file"));
    m_browse->setAccessibleName(tr("Choose a file"));
    setFocusProxy(m_edit);
    connect(m_edit, &QLineEdit::textEdited, this, &FilePathEdit::pathEdited);
    connect(m_browse, &QToolButton::clicked, this, &FilePathEdit::browse);
}

QString FilePathEdit::path() const
{
    return m_edit->text();
}

void FilePathEdit::setPath(const QString &path)
{
    m_edit->setText(path);
}

void FilePathEdit::browse()
{
    const QString chosen = QFileDialog::getOpenFileName(this, m_dialogTitle,
                                                        QFileInfo(path()).absolutePath());
    if (chosen.isEmpty())
        return;
    m_edit->setText(chosen);
    emit pathEdited(chosen);
}

} // namespace ui
