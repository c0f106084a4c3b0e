// SPDX-License-Identifier: GPL-3.0-or-later
#include "historylist.h"

#include "historytext.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QEvent>
#include <QHeaderView>
#include <QScrollBar>
#include <QSet>
#include <QStyledItemDelegate>

using namespace Qt::StringLiterals;

namespace ui {

namespace {

// Detail lines are sentences: cut at the end of what the list shows of them (the columns can
// be wider than the pane), with "…". Holder ids keep both ends (the tree's mode).
class DetailElideDelegate : public QStyledItemDelegate
{
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    void paint(QPainter *painter, const QStyleOptionViewItem &option,
               const QModelIndex &index) const override
    {
        QStyleOptionViewItem shown = option;
        const auto *view = qobject_cast<const QAbstractItemView *>(option.widget);
        if (index.parent().isValid() && view)
            shown.rect.setRight(qMin(shown.rect.right(), view->viewport()->width() - 1));
        QStyledItemDelegate::paint(painter, shown, index);
    }

protected:
    void initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const override
    {
        QStyledItemDelegate::initStyleOption(option, index);
        if (index.parent().isValid())
            option->textElideMode = Qt::ElideRight;
    }
};

constexpr int KeyRole = Qt::UserRole; // HistoryRow::firstId

QString oneLine(QString text)
{
    return text.replace(u'\t', u' ').replace(u'\n', u' ').replace(u'\r', u' ');
}

} // namespace

HistoryList::HistoryList(QWidget *parent) : QTreeWidget(parent), m_copy(new QAction(this))
{
    setObjectName(u"history"_s);
    setRootIsDecorated(false);
    setItemsExpandable(false);
    setExpandsOnDoubleClick(false);
    setAlternatingRowColors(true);
    setSelectionMode(QAbstractItemView::ExtendedSelection);
    setColumnCount(ColumnCount);
    setItemDelegate(new DetailElideDelegate(this));
    setTextElideMode(Qt::ElideMiddle);
    const int em = fontMetrics().horizontalAdvance(u'M');
    setIndentation(em);
    header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    // Holder ids and actors can be long: a fixed share, elided in the middle.
    for (const int column : {Holder, Actor}) {
        header()->setSectionResizeMode(column, QHeaderView::Interactive);
        header()->resizeSection(column, 11 * em);
    }
    header()->setStretchLastSection(true);
    m_copy->setObjectName(u"copyHistoryAction"_s);
    m_copy->setShortcut(QKeySequence::Copy);
    m_copy->setShortcutContext(Qt::WidgetShortcut);
    connect(m_copy, &QAction::triggered, this, &HistoryList::copy);
    addAction(m_copy);
    setContextMenuPolicy(Qt::ActionsContextMenu);
    retranslate();
}

void HistoryList::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QTreeWidget::changeEvent(event);
}

void HistoryList::retranslate()
{
    setHeaderLabels(historytext::copyTitles().mid(0, ColumnCount));
    m_copy->setText(tr("&Copy"));
    m_copy->setToolTip(tr("Copy the selected events (all when none is selected) for a ticket"));
    setRows(m_rows); // the event words
}

QTreeWidgetItem *HistoryList::itemOf(const HistoryRow &row) const
{
    auto *item = new QTreeWidgetItem;
    item->setData(Time, KeyRole, row.firstId);
    item->setText(Time, historytext::listTime(row.event.at));
    item->setToolTip(Time, historytext::fullTime(row.event.at));
    item->setText(Event, historytext::eventText(row));
    item->setToolTip(Event, historytext::eventToolTip(row));
    item->setText(Holder, row.event.holder);
    item->setToolTip(Holder, row.event.holder);
    item->setText(Fence, QString::number(row.event.fence));
    item->setText(Actor, row.event.actor);
    item->setToolTip(Actor, row.event.actor);
    if (const QString detail = historytext::detailLine(row.event); !detail.isEmpty()) {
        auto *line = new QTreeWidgetItem(item);
        line->setText(0, detail);
        line->setToolTip(0, detail);
        QFont italic = font();
        italic.setItalic(true);
        line->setFont(0, italic);
    }
    return item;
}

qint64 HistoryList::keyOf(const QTreeWidgetItem *item)
{
    return (item->parent() ? item->parent() : item)->data(Time, KeyRole).toLongLong();
}

void HistoryList::setRows(const QList<HistoryRow> &rows)
{
    QSet<qint64> selected;
    for (const QTreeWidgetItem *item : selectedItems())
        selected.insert(keyOf(item));
    // Scrolled down: the row at the top stays there. At the top: newer events come into view.
    const QTreeWidgetItem *top = verticalScrollBar()->value() > 0 ? itemAt(0, 0) : nullptr;
    const qint64 topKey = top ? keyOf(top) : -1;
    QTreeWidgetItem *keptTop = nullptr;
    m_rows = rows;
    clear();
    QList<QTreeWidgetItem *> items;
    for (const HistoryRow &row : rows)
        items << itemOf(row);
    addTopLevelItems(items);
    for (QTreeWidgetItem *item : std::as_const(items)) {
        if (item->childCount() > 0)
            item->child(0)->setFirstColumnSpanned(true);
        item->setSelected(selected.contains(keyOf(item)));
        if (keyOf(item) == topKey)
            keptTop = item;
    }
    expandAll();
    if (keptTop)
        scrollToItem(keptTop, QAbstractItemView::PositionAtTop);
    else
        scrollToTop();
}

QList<int> HistoryList::selectedRows() const
{
    QList<int> rows;
    for (int i = 0; i < topLevelItemCount(); ++i) {
        const QTreeWidgetItem *item = topLevelItem(i);
        if (item->isSelected() || (item->childCount() > 0 && item->child(0)->isSelected()))
            rows << i;
    }
    if (rows.isEmpty())
        for (int i = 0; i < m_rows.size(); ++i)
            rows << i;
    return rows;
}

QString HistoryList::copyText() const
{
    QStringList lines{historytext::copyTitles().join(u'\t')};
    for (const int i : selectedRows()) {
        QStringList cells = historytext::copyCells(m_rows.at(i));
        for (QString &cell : cells)
            cell = oneLine(cell);
        lines << cells.join(u'\t');
    }
    return lines.join(u'\n') + u'\n';
}

void HistoryList::copy() const
{
    QApplication::clipboard()->setText(copyText());
}

} // namespace ui
