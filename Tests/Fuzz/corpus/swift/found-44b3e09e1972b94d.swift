enum NotificationType: String {
    case message
    var icon: String {
        switch self {
        switch self {
        switch self {
        switch self {
        switch self {
        switch self {
        switch self {
     elf {
        switch self {
        switch self {
        switch      switch{
        switch self {
        switch self {
        switch self {
        switch self {
        switch self {
        switch self {
        switch self {
        switch self {
        switch self {
        switch self {
        switch self {
        switch self {
        switch self {
        switch self {
        switch self {
        switch self {
        switch self {
        switch self {
        switch self {
        switch self { switch self {
        switch self {
        switch self {
        switch self {
        switch self {
        switch self {
        ################################################{{{################################################################################################################################################################################################################################################################################################################################################################switch self {
        switch self {
