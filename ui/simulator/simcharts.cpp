// SPDX-License-Identifier: GPL-3.0-or-later
#include "simcharts.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QEvent>
#include <QGridLayout>
#include <QLabel>
#include <QLineSeries>
#include <QLocale>
#include <QValueAxis>
#include <cmath>

using namespace Qt::StringLiterals;

namespace ui {

namespace {

constexpr int maxClientLabels = 32; // more clients than this: bars without numbers

// A round step for an axis of counts or whole milliseconds up to `value`: 1, 2 or 5 times a
// power of ten, never below 1, about four steps in all. Whole steps keep the labels ("%.0f")
// distinct: a range of 0 to 2.5 in five ticks read "0 1 1 2 2".
double countStep(double value)
{
    const double rough = value / 4;
    if (rough <= 1)
        return 1;
    const double magnitude = std::pow(10.0, std::floor(std::log10(rough)));
    for (double step : {1.0, 2.0, 5.0, 10.0})
        if (rough <= step * magnitude)
            return step * magnitude;
    return 10 * magnitude;
}

// A value axis from 0 to a whole number of steps above `most`, one tick per step. Without data
// the labels are hidden (the chart says "No data" instead of "0 0 1 1 1").
void setCountRange(QValueAxis *axis, double most)
{
    axis->setLabelsVisible(most > 0);
    const double step = countStep(most);
    const int steps = qMax(1, int(std::ceil(most / step)));
    axis->setRange(0, steps * step);
    axis->setTickCount(steps + 1);
}

// A time axis from 0 to `seconds`, with a tick at every round step (1, 2 or 5 times a power of
// ten) from 0: "0 1 2 3 4 5" for a 5 s run, not the five even ticks "0.0 1.3 2.5 3.8 5.0".
void setTimeRange(QValueAxis *axis, double seconds)
{
    const double rough = seconds / 5;
    const double magnitude = std::pow(10.0, std::floor(std::log10(rough)));
    double step = 10 * magnitude;
    for (double factor : {1.0, 2.0, 5.0}) {
        if (rough <= factor * magnitude) {
            step = factor * magnitude;
            break;
        }
    }
    const int decimals = qMax(0, -int(std::floor(std::log10(step) + 1e-9)));
    axis->setRange(0, seconds);
    axis->setTickType(QValueAxis::TicksDynamic);
    axis->setTickAnchor(0);
    axis->setTickInterval(step);
    axis->setLabelFormat(u"%.%1f"_s.arg(decimals));
}

QValueAxis *addAxis(QChart *chart, Qt::Alignment alignment, const QString &format)
{
    auto *axis = new QValueAxis(chart);
    axis->setLabelFormat(format);
    axis->setRange(0, 1);
    chart->addAxis(axis, alignment);
    return axis;
}

QLineSeries *addLine(QChart *chart, QValueAxis *x, QValueAxis *y, const QColor &colour)
{
    auto *series = new QLineSeries(chart);
    chart->addSeries(series);
    series->attachAxis(x);
    series->attachAxis(y);
    QPen pen(colour);
    pen.setWidthF(2);
    series->setPen(pen);
    return series;
}

} // namespace

SimCharts::SimCharts(QWidget *fourth, QWidget *parent)
    : QWidget(parent), m_throughputChart(new QChart), m_waitChart(new QChart),
      m_clientChart(new QChart)
{
    setObjectName(u"simCharts"_s);
    for (QChart *chart : {m_throughputChart, m_waitChart, m_clientChart}) {
        chart->setMargins(QMargins(4, 4, 4, 4));
        chart->setAnimationOptions(QChart::NoAnimation);
        chart->legend()->setAlignment(Qt::AlignBottom);
        // Axis labels in the locale's numbers ("1.000" in German); the locale is set (again)
        // in retranslate(), when the language changes.
        chart->setLocalizeNumbers(true);
    }
    m_throughputChart->legend()->hide();
    m_clientChart->legend()->hide();

    m_throughputX = addAxis(m_throughputChart, Qt::AlignBottom, u"%.1f"_s);
    m_throughputY = addAxis(m_throughputChart, Qt::AlignLeft, u"%.0f"_s);
    m_throughput = addLine(m_throughputChart, m_throughputX, m_throughputY,
                           QColor(0x2f, 0x80, 0xed));
    m_throughput->setObjectName(u"throughputSeries"_s);

    m_waitX = addAxis(m_waitChart, Qt::AlignBottom, u"%.1f"_s);
    m_waitY = addAxis(m_waitChart, Qt::AlignLeft, u"%.0f"_s);
    m_p50 = addLine(m_waitChart, m_waitX, m_waitY, QColor(0x27, 0xae, 0x60));
    m_p95 = addLine(m_waitChart, m_waitX, m_waitY, QColor(0xe6, 0x7e, 0x22));
    m_p99 = addLine(m_waitChart, m_waitX, m_waitY, QColor(0xc0, 0x39, 0x2b));
    // A bucket of a run holds a few grants, and below 20 the nearest-rank p95 and p99 are the
    // same one: the p99 line, drawn last, is dashed so that the p95 line shows between its
    // dashes where the two meet.
    QPen dashed = m_p99->pen();
    dashed.setDashPattern({3, 3});
    m_p99->setPen(dashed);
    m_p50->setObjectName(u"waitP50Series"_s);
    m_p95->setObjectName(u"waitP95Series"_s);
    m_p99->setObjectName(u"waitP99Series"_s);

    m_perClient = new QBarSeries(m_clientChart);
    m_perClient->setObjectName(u"perClientSeries"_s);
    m_clientChart->addSeries(m_perClient);
    m_clientX = new QBarCategoryAxis(m_clientChart);
    m_clientChart->addAxis(m_clientX, Qt::AlignBottom);
    m_perClient->attachAxis(m_clientX);
    m_clientY = addAxis(m_clientChart, Qt::AlignLeft, u"%.0f"_s);
    m_perClient->attachAxis(m_clientY);

    auto *grid = new QGridLayout(this);
    grid->setContentsMargins(0, 0, 0, 0);
    grid->setSpacing(4);
    grid->setColumnStretch(0, 1); // two columns of one width: neither chart is squeezed alone
    grid->setColumnStretch(1, 1);
    grid->addWidget(addView(m_throughputChart, u"throughputChart"_s), 0, 0);
    grid->addWidget(addView(m_waitChart, u"waitChart"_s), 0, 1);
    grid->addWidget(addView(m_clientChart, u"perClientChart"_s), 1, 0);
    if (fourth) {
        fourth->setMinimumSize(minChartSize);
        grid->addWidget(fourth, 1, 1);
    }
    retranslate();
}

QChartView *SimCharts::addView(QChart *chart, const QString &name)
{
    auto *view = new QChartView(chart, this);
    view->setObjectName(name);
    view->setRenderHint(QPainter::Antialiasing);
    view->setMinimumSize(minChartSize);
    // Over the empty plot, centred: no axis of made-up numbers before the first grant.
    auto *empty = new QLabel(view);
    empty->setObjectName(name + u"Empty"_s);
    empty->setAttribute(Qt::WA_TransparentForMouseEvents);
    empty->setAlignment(Qt::AlignCenter);
    auto *overlay = new QGridLayout(view);
    overlay->addWidget(empty, 0, 0, Qt::AlignCenter);
    m_emptyLabels.insert(chart, empty);
    return view;
}

void SimCharts::showEmpty(QChart *chart, bool empty)
{
    if (QLabel *label = m_emptyLabels.value(chart))
        label->setVisible(empty);
}

bool SimCharts::isEmptyShown(const QString &chartName) const
{
    const auto *label = findChild<QLabel *>(chartName + u"Empty"_s);
    return label && !label->isHidden();
}

QLineSeries *SimCharts::waitSeries(int percentile) const
{
    return percentile == 50 ? m_p50 : percentile == 95 ? m_p95 : m_p99;
}

void SimCharts::reset(qint64 durationMs, int clients)
{
    const double seconds = qMax(0.1, durationMs / 1000.0);
    for (QValueAxis *x : {m_throughputX, m_waitX})
        setTimeRange(x, seconds);
    for (QValueAxis *y : {m_throughputY, m_waitY, m_clientY})
        setCountRange(y, 0);
    for (QChart *chart : {m_throughputChart, m_waitChart, m_clientChart})
        showEmpty(chart, true);
    for (QLineSeries *series : {m_throughput, m_p50, m_p95, m_p99})
        series->clear();
    m_clients = clients;
    m_shownPerClient.clear();
    QStringList categories;
    const QLocale locale;
    for (int client = 0; client < clients; ++client)
        categories << (clients <= maxClientLabels || client % 8 == 0 ? locale.toString(client)
                                                                     : QString());
    // Category names must be unique: the unnamed ones get invisible distinct names.
    for (int client = 0; client < clients; ++client)
        if (categories[client].isEmpty())
            categories[client] = QString(client % 8, u' ') + QString(client / 8, u'\u200b');
    m_clientX->setCategories(categories);
    setPerClient(QList<qint64>(clients, 0));
}

void SimCharts::setTimeSeries(const QList<locksim::TimePoint> &points)
{
    QList<QPointF> throughput, p50, p95, p99;
    throughput.reserve(points.size());
    p50.reserve(points.size());
    p95.reserve(points.size());
    p99.reserve(points.size());
    double maxRate = 0, maxWait = 0, lastS = 0;
    for (const locksim::TimePoint &point : points) {
        throughput.append({point.atS, point.throughputPerS});
        p50.append({point.atS, point.waitMs.p50});
        p95.append({point.atS, point.waitMs.p95});
        p99.append({point.atS, point.waitMs.p99});
        maxRate = qMax(maxRate, point.throughputPerS);
        maxWait = qMax(maxWait, point.waitMs.p99);
        lastS = qMax(lastS, point.atS);
    }
    m_throughput->replace(throughput);
    m_p50->replace(p50);
    m_p95->replace(p95);
    m_p99->replace(p99);
    // No grant yet: no rate and no wait to show, whatever the buckets say.
    const bool granted = maxRate > 0;
    setCountRange(m_throughputY, maxRate);
    setCountRange(m_waitY, granted ? qMax(1.0, maxWait) : 0);
    showEmpty(m_throughputChart, !granted);
    showEmpty(m_waitChart, !granted);
    for (QValueAxis *x : {m_throughputX, m_waitX})
        if (lastS > x->max())
            setTimeRange(x, lastS);
}

void SimCharts::setPerClient(const QList<qint64> &acquisitions)
{
    if (acquisitions == m_shownPerClient && m_perClientSet)
        return;
    m_shownPerClient = acquisitions;
    QList<qreal> values;
    values.reserve(acquisitions.size());
    qint64 most = 0;
    for (qint64 count : acquisitions) {
        values.append(qreal(count));
        most = qMax(most, count);
    }
    // One new set per batch: a single relayout instead of one per client.
    auto *set = new QBarSet(tr("Acquisitions"));
    set->setObjectName(u"perClientSet"_s);
    set->setColor(QColor(0x2f, 0x80, 0xed));
    set->setBorderColor(QColor(0x2f, 0x80, 0xed));
    set->append(values);
    m_perClient->clear();
    m_perClient->append(set);
    m_perClientSet = set;
    setCountRange(m_clientY, double(most));
    showEmpty(m_clientChart, most == 0);
}

void SimCharts::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void SimCharts::retranslate()
{
    for (QChart *chart : {m_throughputChart, m_waitChart, m_clientChart})
        chart->setLocale(QLocale());
    for (QLabel *label : std::as_const(m_emptyLabels))
        label->setText(tr("No data yet"));
    m_throughputChart->setTitle(tr("Throughput (acquisitions per second)"));
    m_waitChart->setTitle(tr("Wait for the lock (ms)"));
    m_clientChart->setTitle(tr("Acquisitions per client"));
    m_throughputX->setTitleText(tr("seconds"));
    m_waitX->setTitleText(tr("seconds"));
    m_clientX->setTitleText(tr("client"));
    m_p50->setName(tr("p50"));
    m_p95->setName(tr("p95"));
    m_p99->setName(tr("p99"));
    if (m_perClientSet)
        m_perClientSet->setLabel(tr("Acquisitions"));
}

} // namespace ui
