//! The report's chart: the ratios against prost as horizontal bars, encode
//! on the left and decode on the right, one bar per dataset and format, on
//! a log scale with a line at 1 (as fast as prost). A bar measured in
//! several processes has a line across it from the lowest ratio of one
//! process to the highest.
//!
//! Drawn with plotters' SVG backend only, which needs no fonts or system
//! libraries: text goes into the SVG as `<text>` elements.

use plotters::coord::Shift;
use plotters::prelude::*;

use crate::formats::{BASELINE, FORMATS};
use crate::report::Report;

/// One bar: a label, the format (for its color), the ratio and, when
/// several processes measured it, their lowest and highest ratio.
struct Bar {
    label: String,
    format: String,
    ratio: f64,
    range: Option<(f64, f64)>,
}

/// The colors of the formats other than the baseline, in [`FORMATS`] order.
const COLORS: &[RGBColor] = &[
    RGBColor(31, 119, 180),
    RGBColor(255, 127, 14),
    RGBColor(44, 160, 44),
    RGBColor(148, 103, 189),
    RGBColor(140, 86, 75),
];

fn color(format: &str) -> RGBColor {
    let index = FORMATS
        .iter()
        .filter(|f| **f != BASELINE)
        .position(|f| *f == format)
        .unwrap_or(COLORS.len() - 1);
    COLORS[index.min(COLORS.len() - 1)]
}

/// The chart of `report` as SVG text.
pub fn svg(report: &Report) -> Result<String, String> {
    let panels = [
        ("encode", bars(report, "encode")),
        ("decode", bars(report, "decode")),
    ];
    let rows = panels.iter().map(|(_, bars)| bars.len()).max().unwrap_or(0);
    let (low, high) = domain(panels.iter().flat_map(|(_, bars)| {
        bars.iter()
            .flat_map(|bar| {
                [
                    Some(bar.ratio),
                    bar.range.map(|r| r.0),
                    bar.range.map(|r| r.1),
                ]
            })
            .flatten()
    }));
    let height = 120 + 18 * rows as u32;
    let mut text = String::new();
    {
        let root = SVGBackend::with_string(&mut text, (1200, height)).into_drawing_area();
        root.fill(&WHITE).map_err(|e| e.to_string())?;
        let root = root
            .titled(
                "schemac and the serde formats against prost: prost time / format time (log scale; > 1 is faster)",
                ("sans-serif", 16),
            )
            .map_err(|e| e.to_string())?;
        let (left, right) = root.split_horizontally(600);
        for ((op, bars), area) in panels.iter().zip([left, right]) {
            panel(&area, op, bars, (low, high))?;
        }
        root.present().map_err(|e| e.to_string())?;
    }
    Ok(text)
}

/// The bars of `op` for every dataset and format except the baseline.
fn bars(report: &Report, op: &str) -> Vec<Bar> {
    let mut bars = Vec::new();
    for dataset in &report.datasets {
        for row in dataset.rows.iter().filter(|row| row.format != BASELINE) {
            let (ratio, range) = match op {
                "encode" => (row.encode_ratio, row.encode_ratio_range),
                _ => (row.decode_ratio, row.decode_ratio_range),
            };
            if let Some(ratio) = ratio {
                bars.push(Bar {
                    label: format!("{} {}", dataset.name, row.format),
                    format: row.format.clone(),
                    ratio,
                    range: range.filter(|_| row.processes > 1),
                });
            }
        }
    }
    bars
}

/// A log-scale range holding every ratio and 1, with some room.
fn domain(ratios: impl Iterator<Item = f64>) -> (f64, f64) {
    let (low, high) = ratios
        .filter(|ratio| ratio.is_finite() && *ratio > 0.0)
        .fold((1.0f64, 1.0f64), |(low, high), ratio| {
            (low.min(ratio), high.max(ratio))
        });
    (low / 1.5, high * 1.5)
}

/// 1, 2 and 5 times each power of ten within `low..high`.
fn key_points(low: f64, high: f64) -> Vec<f64> {
    (-3..=3)
        .flat_map(|exponent| [1.0, 2.0, 5.0].map(|step| step * 10f64.powi(exponent)))
        .filter(|point| (low..=high).contains(point))
        .collect()
}

fn panel(
    area: &DrawingArea<SVGBackend<'_>, Shift>,
    op: &str,
    bars: &[Bar],
    (low, high): (f64, f64),
) -> Result<(), String> {
    // Row 0 is at the bottom; the first bar goes at the top.
    let rows = bars.len().max(1);
    let bar_at = |row: usize| bars.get(rows - 1 - row);
    let mut chart = ChartBuilder::on(area)
        .caption(op, ("sans-serif", 15))
        .margin(8)
        .x_label_area_size(36)
        .y_label_area_size(190)
        .build_cartesian_2d(
            (low..high)
                .log_scale()
                .with_key_points(key_points(low, high)),
            (0..rows).into_segmented(),
        )
        .map_err(|e| e.to_string())?;
    chart
        .configure_mesh()
        .disable_y_mesh()
        .light_line_style(WHITE)
        .y_labels(rows)
        .y_label_style(("sans-serif", 11))
        .y_label_formatter(&|value| match value {
            SegmentValue::CenterOf(row) if *row < rows => {
                bar_at(*row).map_or_else(String::new, |bar| bar.label.clone())
            }
            _ => String::new(),
        })
        .x_desc("prost time / format time")
        .x_label_formatter(&|x| format!("{x:.2}"))
        .draw()
        .map_err(|e| e.to_string())?;
    for format in FORMATS.iter().filter(|format| **format != BASELINE) {
        let fill = color(format);
        let series = bars
            .iter()
            .enumerate()
            .filter(|(_, bar)| bar.format == *format)
            .map(|(index, bar)| {
                let row = rows - 1 - index;
                let mut rectangle = Rectangle::new(
                    [
                        (low, SegmentValue::Exact(row)),
                        (bar.ratio, SegmentValue::Exact(row + 1)),
                    ],
                    fill.filled(),
                );
                rectangle.set_margin(2, 2, 0, 0);
                rectangle
            });
        chart
            .draw_series(series)
            .map_err(|e| e.to_string())?
            .label(*format)
            .legend(move |(x, y)| Rectangle::new([(x, y - 5), (x + 10, y + 5)], fill.filled()));
    }
    // The spread among processes, across the bars that have one.
    chart
        .draw_series(bars.iter().enumerate().filter_map(|(index, bar)| {
            let (lowest, highest) = bar.range?;
            let row = SegmentValue::CenterOf(rows - 1 - index);
            Some(PathElement::new(
                vec![(lowest, row.clone()), (highest, row)],
                BLACK.stroke_width(1),
            ))
        }))
        .map_err(|e| e.to_string())?;
    // The line at 1: as fast as prost.
    chart
        .draw_series(std::iter::once(PathElement::new(
            vec![
                (1.0, SegmentValue::Exact(0)),
                (1.0, SegmentValue::Exact(rows)),
            ],
            BLACK.stroke_width(1),
        )))
        .map_err(|e| e.to_string())?;
    chart
        .configure_series_labels()
        .background_style(WHITE.mix(0.8))
        .border_style(BLACK)
        .position(SeriesLabelPosition::UpperRight)
        .label_font(("sans-serif", 11))
        .draw()
        .map_err(|e| e.to_string())?;
    Ok(())
}
