public enum AdvanceModule {}
