using System;
using System.Collections.Generic;
using System.Runtime.CompilerServices;
using System.Threading;

namespace Eddy.Pipelines;

/// <summary>
/// Rents and returns of one pool, counted without an atomic instruction on either path: each thread counts in a
/// cell of its own that only it writes, and a reader sums the cells. A cell whose thread has ended is folded into
/// the totals the next time a cell is added or the counts are read, so the counts stay exact.
/// </summary>
/// <remarks>
/// An interlocked increment on a counter that every thread shares is among the dearest steps of a rent and a
/// return (docs/pipelines.md), and its cache line moves between cores whenever two threads take turns.
/// </remarks>
internal sealed class RentReturnCounters
{
    // The cell this thread used last, of any counters: counting for one pool in a row costs a thread-static read
    // and a compare instead of a ThreadLocal<T> lookup. It may keep the last counters it counted for alive after
    // their pool is gone, until the thread counts for another pool.
    [ThreadStatic]
    private static Cell? t_lastCell;

    private readonly ThreadLocal<Cell?> _threadCells = new();
    private readonly List<Cell> _cells = new();

    // Counts of threads that have ended; guarded by _cells, as the list is.
    private long _endedRented;
    private long _endedReturned;

    /// <summary>Counts one rent on the calling thread.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void CountRent()
    {
        Cell cell = CurrentCell();

        // Only this thread writes the cell; the volatile store keeps a 64-bit count whole on 32-bit platforms.
        Volatile.Write(ref cell.Rented, cell.Rented + 1);
    }

    /// <summary>Counts one return on the calling thread.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void CountReturn()
    {
        Cell cell = CurrentCell();
        Volatile.Write(ref cell.Returned, cell.Returned + 1);
    }

    /// <summary>Sums every thread's counts: rents and returns seen so far.</summary>
    /// <returns>The rents and the returns, read under one lock so that a reader sees them together.</returns>
    public (long Rented, long Returned) Read()
    {
        lock (_cells)
        {
            FoldEndedThreads();

            // Every return first, then every rent: a block is returned after it is rented (perhaps on another
            // thread), so a reader never sees more returns than rents.
            long returned = _endedReturned;
            foreach (Cell cell in _cells)
            {
                returned += Volatile.Read(ref cell.Returned);
            }

            long rented = _endedRented;
            foreach (Cell cell in _cells)
            {
                rented += Volatile.Read(ref cell.Rented);
            }

            return (rented, returned);
        }
    }

    /// <summary>Cells kept apart now: one per thread that has counted, less those folded since their thread ended.</summary>
    internal int CellCount
    {
        get
        {
            lock (_cells)
            {
                return _cells.Count;
            }
        }
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private Cell CurrentCell()
    {
        Cell? cell = t_lastCell;
        return cell is not null && ReferenceEquals(cell.Counters, this) ? cell : ThisThreadsCell();
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private Cell ThisThreadsCell()
    {
        Cell? cell = _threadCells.Value;
        if (cell is null)
        {
            cell = new Cell(this, Thread.CurrentThread);
            lock (_cells)
            {
                FoldEndedThreads();
                _cells.Add(cell);
            }

            _threadCells.Value = cell;
        }

        t_lastCell = cell;
        return cell;
    }

    /// <summary>Moves the counts of cells whose thread has ended into the totals; under the lock.</summary>
    private void FoldEndedThreads()
    {
        for (int i = _cells.Count - 1; i >= 0; i--)
        {
            Cell cell = _cells[i];
            if (!cell.Thread.IsAlive)
            {
                // An ended thread writes no more, and its last writes are visible to whoever saw it end.
                _endedRented += Volatile.Read(ref cell.Rented);
                _endedReturned += Volatile.Read(ref cell.Returned);
                _cells[i] = _cells[_cells.Count - 1];
                _cells.RemoveAt(_cells.Count - 1);
            }
        }
    }

    private sealed class Cell
    {
        public readonly RentReturnCounters Counters;
        public readonly Thread Thread;
        public long Rented;
        public long Returned;

        public Cell(RentReturnCounters counters, Thread thread)
        {
            Counters = counters;
            Thread = thread;
        }
    }
}
