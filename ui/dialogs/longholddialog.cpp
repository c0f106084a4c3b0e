// SPDX-License-Identifier: GPL-3.0-or-later
#include "longholddialog.h"

#include "duration.h"

#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace ui {

LongHoldDialog::LongHoldDialog(const LongHoldRules &rules, QWidget *parent)
    : QDialog(parent), m_table(new QTableWidget(0, 2, this)), m_error(new QLabel(this)),
      m_rules(rules)
{
    setObjectName(u"longHoldDialog"_s);
    setWindowTitle(tr("Long holds"));
    auto *note = new QLabel(
        tr("A hold longer than its threshold is highlighted in the Held for column. Patterns "
           "match whole lock names: * stands for any text, ? for one character. The first "
           "pattern that matches a name decides, so put narrower patterns above \u201c*\u201d. "
           "Durations as lockctl takes them: 90s, 30m, 1h30m, 2d."),
        this);
    note->setWordWrap(true);
    m_table->setObjectName(u"longHoldRules"_s);
    m_table->setHorizontalHeaderLabels({tr("Lock name pattern"), tr("Longer than")});
    m_table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_table->verticalHeader()->hide();
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    for (const LongHoldRule &rule : rules.rules())
        addRow(rule.pattern, lockcore::formatDurationMs(rule.thresholdMs));
    m_error->setObjectName(u"longHoldError"_s);
    m_error->setWordWrap(true);
    m_error->setStyleSheet(u"color: palette(highlighted-text); background: #b3261e; "
                           "padding: 4px;"_s);
    m_error->hide();

    auto *add = new QPushButton(tr("&Add"), this);
    auto *remove = new QPushButton(tr("&Remove"), this);
    auto *up = new QPushButton(tr("Move &up"), this);
    auto *down = new QPushButton(tr("Move do&wn"), this);
    connect(add, &QPushButton::clicked, this, [this] {
        addRow(u"*"_s, u"1h"_s);
        m_table->setCurrentCell(m_table->rowCount() - 1, 0);
        m_table->editItem(m_table->currentItem());
    });
    connect(remove, &QPushButton::clicked, this, [this] {
        if (m_table->currentRow() >= 0)
            m_table->removeRow(m_table->currentRow());
    });
    connect(up, &QPushButton::clicked, this, [this] { moveCurrentRow(-1); });
    connect(down, &QPushButton::clicked, this, [this] { moveCurrentRow(1); });
    auto *rowButtons = new QHBoxLayout;
    for (QPushButton *button : {add, remove, up, down})
        rowButtons->addWidget(button);
    rowButtons->addStretch(1);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &LongHoldDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &LongHoldDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(note);
    layout->addWidget(m_table, 1);
    layout->addLayout(rowButtons);
    layout->addWidget(m_error);
    layout->addWidget(buttons);
    resize(560, 380);
}

void LongHoldDialog::addRow(const QString &pattern, const QString &threshold)
{
    const int row = m_table->rowCount();
    m_table->insertRow(row);
    m_table->setItem(row, 0, new QTableWidgetItem(pattern));
    m_table->setItem(row, 1, new QTableWidgetItem(threshold));
}

void LongHoldDialog::moveCurrentRow(int by)
{
    const int from = m_table->currentRow();
    const int to = from + by;
    if (from < 0 || to < 0 || to >= m_table->rowCount())
        return;
    for (int column = 0; column < 2; ++column) {
        QTableWidgetItem *a = m_table->takeItem(from, column);
        QTableWidgetItem *b = m_table->takeItem(to, column);
        m_table->setItem(from, column, b);
        m_table->setItem(to, column, a);
    }
    m_table->setCurrentCell(to, m_table->currentColumn());
}

QString LongHoldDialog::readRules(QList<LongHoldRule> &rules) const
{
    for (int row = 0; row < m_table->rowCount(); ++row) {
        const auto text = [this, row](int column) {
            const QTableWidgetItem *item = m_table->item(row, column);
            return item ? item->text().trimmed() : QString();
        };
        const QString pattern = text(0);
        if (pattern.isEmpty())
            return tr("Row %L1 has no pattern (use * for every lock).").arg(row + 1);
        const auto threshold = lockcore::parseDurationMs(text(1));
        if (!threshold || *threshold <= 0)
            return tr("Row %L1: \u201c%2\u201d is not a duration such as 90s, 30m or 1h30m.")
                .arg(row + 1)
                .arg(text(1));
        rules.append({pattern, *threshold});
    }
    return {};
}

void LongHoldDialog::accept()
{
    QList<LongHoldRule> rules;
    if (const QString problem = readRules(rules); !problem.isEmpty()) {
        m_error->setText(problem);
        m_error->show();
        return; // nothing typed is lost: the dialog stays open
    }
    m_rules = LongHoldRules(rules);
    QDialog::accept();
}

} // namespace ui
