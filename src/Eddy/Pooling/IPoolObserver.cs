namespace Eddy.Pooling;

/// <summary>
/// Hears of pools through <see cref="PoolRegistry.Observe"/>. The pools name only this contract, so whatever
/// measures them (a meter, an event source) sits above every layer that pools.
/// </summary>
internal interface IPoolObserver
{
    /// <summary>A pool was added to the registry. Called outside the registry's lock, once per pool.</summary>
    void OnPoolAdded();

    /// <summary>A pool released <paramref name="bytes"/> retained bytes (more than zero) by trimming.</summary>
    void OnTrimmed(string poolName, long bytes);
}
